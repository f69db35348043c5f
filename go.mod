module chickenfoot

go 1.26
