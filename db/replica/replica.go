// Package replica streams every commit of the app's SQLite file to a
// replica, on another disk (file://) or in an S3-compatible bucket
// (s3://), and restores the file from it, to its newest state or to a
// point in time. It is Litestream (github.com/benbjohnson/litestream),
// used as a library, behind one small type.
//
// Litestream's library API is not promised stable between versions:
// go.mod pins it, and this package is the only one that imports it.
//
// Litestream keeps two tables of its own in the file (_litestream_seq and
// _litestream_lock) and a folder of its own beside it (.NAME-litestream);
// it checkpoints the WAL itself, so the store must be opened with
// db.Options{Replicated: true}.
package replica

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/benbjohnson/litestream/file" // file:// replicas
	_ "github.com/benbjohnson/litestream/s3" // s3:// replicas, S3-compatible stores

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// ErrExists refuses a restore over a file that is already there.
var ErrExists = errors.New("file already exists")

// ErrEmpty is a replica that holds nothing to restore yet.
var ErrEmpty = errors.New("the replica holds no copy yet")

// CheckURL says whether rawURL names a replica this build can write to:
// file:///a/folder or s3://bucket/path (credentials, region and endpoint
// as Litestream reads them: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
// ?endpoint=, ?region=, LITESTREAM_S3_ENDPOINT).
func CheckURL(rawURL string) error {
	_, err := client(rawURL)
	return err
}

func client(rawURL string) (litestream.ReplicaClient, error) {
	scheme, _, path, err := litestream.ParseReplicaURL(rawURL)
	if err != nil {
		return nil, err
	}
	switch scheme {
	case "file":
		// file://replica would be /replica to Litestream: a folder name
		// where the host goes is refused, not guessed.
		if u, err := url.Parse(rawURL); err != nil || (u.Host != "" && u.Host != "localhost") || path == "" || !filepath.IsAbs(path) {
			return nil, app.Refuse(nil, "replica.file", nil)
		}
	case "s3":
	default:
		return nil, app.Refuse(nil, "replica.scheme", referee.Params{"Scheme": scheme})
	}
	return litestream.NewReplicaClientFromURL(rawURL)
}

// A Replica streams one database file's commits to its replica until
// Close.
type Replica struct {
	url   string
	db    *litestream.DB
	store *litestream.Store
	log   *slog.Logger
	stop  context.CancelFunc
	done  sync.WaitGroup
}

// Start begins streaming the file at path to rawURL. The app's store
// should already be open on path (db.OpenWith, Replicated), so the file
// exists with its schema. Every logEvery the replica's lag is checked,
// and logged as watch says (0: never).
func Start(ctx context.Context, path, rawURL string, log *slog.Logger, logEvery time.Duration) (*Replica, error) {
	c, err := client(rawURL)
	if err != nil {
		return nil, err
	}
	ldb := litestream.NewDB(path)
	lg := log.With("replica", redact(rawURL))
	ldb.Replica = litestream.NewReplicaWithClient(ldb, c)
	if fc, ok := c.(*file.ReplicaClient); ok {
		fc.Replica = ldb.Replica // keeps the file's owner and mode on the copies
	}
	store := litestream.NewStore([]*litestream.DB{ldb}, litestream.DefaultCompactionLevels)
	store.Logger = lg // NewStore gave each DB slog's default
	ldb.SetLogger(lg)
	if err := store.Open(ctx); err != nil {
		return nil, fmt.Errorf("replica %s: %w", redact(rawURL), err)
	}
	r := &Replica{url: rawURL, db: ldb, store: store, log: log}
	watch, stop := context.WithCancel(context.Background())
	r.stop = stop
	if logEvery > 0 {
		r.done.Add(1)
		go func() {
			defer r.done.Done()
			r.watch(watch, logEvery)
		}()
	}
	log.Info("replicating", "replica", redact(rawURL), "path", path)
	return r, nil
}

// Status is how far behind the replica is.
type Status struct {
	// LastSync is when the replica last took the file's news; zero
	// before the first sync since start.
	LastSync time.Time
	// Since is the time since LastSync (since start before the first).
	Since time.Duration
	// Pending counts the transactions the file has and the replica has
	// not yet.
	Pending uint64
}

// Status says how far behind the replica is now.
func (r *Replica) Status() Status {
	st := Status{LastSync: r.db.LastSuccessfulSyncAt()}
	if !st.LastSync.IsZero() {
		st.Since = time.Since(st.LastSync)
	}
	if pos, err := r.db.Pos(); err == nil {
		if remote := r.db.Replica.Pos(); pos.TXID > remote.TXID {
			st.Pending = uint64(pos.TXID - remote.TXID)
		}
	}
	return st
}

// watch checks the replica's lag every interval and logs it: as a
// warning each time while it has not synced for a minute, else once an
// hour (and the first time), so years of service do not fill the log.
func (r *Replica) watch(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	quiet := max(1, int(time.Hour/every))
	for n := 0; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		st := r.Status()
		level := slog.LevelInfo
		if st.LastSync.IsZero() || st.Since > time.Minute {
			level = slog.LevelWarn
		} else if n%quiet != 0 {
			continue
		}
		r.log.Log(ctx, level, "replica", "replica", redact(r.url),
			"behind_seconds", st.Since.Round(time.Millisecond).Seconds(), "pending", st.Pending)
	}
}

// Close sends what is left and stops. Close the app's store first:
// Litestream's own connection must be the file's last.
func (r *Replica) Close(ctx context.Context) error {
	r.stop()
	r.done.Wait()
	return r.store.Close(ctx)
}

// Restore writes the replica's copy of the database, as it was at at (or
// its newest when at is zero), to the new file out, and checks it with
// PRAGMA integrity_check. A file already at out is refused (ErrExists)
// and left alone; a restore that fails leaves nothing at out.
func Restore(ctx context.Context, rawURL, out string, at time.Time, log *slog.Logger) error {
	c, err := client(rawURL)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(out); err == nil {
		return fmt.Errorf("restore to %s: %w", out, ErrExists)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := c.Init(ctx); err != nil {
		return fmt.Errorf("replica %s: %w", redact(rawURL), err)
	}
	r := litestream.NewReplicaWithClient(nil, c)
	opt := litestream.NewRestoreOptions()
	opt.OutputPath = out
	opt.Timestamp = at
	if err := r.Restore(ctx, opt); err != nil {
		removeFiles(out)
		if errors.Is(err, litestream.ErrTxNotAvailable) || errors.Is(err, litestream.ErrNoSnapshots) {
			return ErrEmpty
		}
		return fmt.Errorf("restore from %s: %w", redact(rawURL), err)
	}
	if err := integrityCheck(ctx, out); err != nil {
		removeFiles(out)
		return err
	}
	log.Info("restored", "replica", redact(rawURL), "path", out)
	return nil
}

// RestoreMissing restores the file at path from the replica when there is
// no file there, as the app does when it starts with a replica and no
// database. It says whether it restored; an empty replica restores
// nothing (the app starts a new file).
func RestoreMissing(ctx context.Context, path, rawURL string, log *slog.Logger) (bool, error) {
	if _, err := os.Lstat(path); err == nil {
		return false, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	// Litestream's folder beside a file that is gone describes that file,
	// not the one about to be restored.
	dir, file := filepath.Split(path)
	if err := os.RemoveAll(filepath.Join(dir, "."+file+litestream.MetaDirSuffix)); err != nil {
		return false, err
	}
	log.Info("no database file: restoring it from the replica", "path", path, "replica", redact(rawURL))
	began := time.Now()
	err := Restore(ctx, rawURL, path, time.Time{}, log)
	if errors.Is(err, ErrEmpty) {
		log.Info("the replica is empty: starting a new database", "replica", redact(rawURL))
		return false, nil
	}
	if err != nil {
		return false, err
	}
	log.Info("database restored from the replica", "path", path, "seconds", time.Since(began).Round(time.Millisecond).Seconds())
	return true, nil
}

// integrityCheck runs SQLite's full integrity check on the file at path.
func integrityCheck(ctx context.Context, path string) error {
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return err
	}
	defer conn.Close()
	rows, err := conn.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return fmt.Errorf("checking %s: %w", path, err)
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			found = append(found, line)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(found) > 0 {
		return app.Refuse(nil, "replica.integrity", referee.Params{"Found": strings.Join(found, "; ")})
	}
	return nil
}

func removeFiles(path string) {
	for _, suffix := range []string{"", "-wal", "-shm", "-journal", "-txid"} {
		os.Remove(path + suffix)
	}
}

// redact drops a password from a URL before it is logged.
func redact(rawURL string) string {
	scheme, rest, ok := strings.Cut(rawURL, "://")
	if !ok {
		return rawURL
	}
	if at := strings.LastIndex(strings.SplitN(rest, "/", 2)[0], "@"); at >= 0 {
		rest = rest[at+1:]
	}
	return scheme + "://" + rest
}
