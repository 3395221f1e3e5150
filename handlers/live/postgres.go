package live

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgxlisten"
)

// Channel is the PostgreSQL notification channel the servers of one
// meldpad database tell each other about saves on. A payload is
// "<game id>:<version>".
const Channel = "meldpad_games"

// reconnectDelay is how long the listener waits before connecting again
// after it lost the database: short, because phones miss updates until it
// is back, and one attempt a second costs a database nothing.
const reconnectDelay = time.Second

// publishConns bounds the connections Publish holds. A notification is
// one short statement; a few connections carry thousands a second.
const publishConns = 4

// Postgres is the broker of many servers on one PostgreSQL database. A
// save's Publish reaches this server's subscribers at once and every
// other server's through NOTIFY; a listener on a connection of its own
// (jackc/pgxlisten, which reconnects by itself) fans out what the
// database tells it. Whenever the listener (re)connects it resyncs: each
// watched game's version is read from the store, so that saves made while
// the connection was down still reach the phones.
type Postgres struct {
	hub    *Hub
	pool   *pgxpool.Pool
	log    *slog.Logger
	stop   context.CancelFunc
	wg     sync.WaitGroup
	resync chan struct{} // a resync is wanted; holds at most one

	listenerPID atomic.Uint32 // the listening connection's backend, for tests
	resyncs     atomic.Int64  // resyncs finished, for tests
}

// OpenPostgres connects to the database at url (postgres://...) and
// starts listening. Close stops it.
func OpenPostgres(ctx context.Context, url string, log *slog.Logger) (*Postgres, error) {
	return openPostgres(ctx, url, log, reconnectDelay)
}

func openPostgres(ctx context.Context, url string, log *slog.Logger, delay time.Duration) (*Postgres, error) {
	poolConfig, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("live: %w", err)
	}
	poolConfig.MaxConns = publishConns
	poolConfig.ConnConfig.RuntimeParams["application_name"] = "meldpad live"
	pool, err := pgxpool.NewWithConfig(ctx, poolConfig)
	if err != nil {
		return nil, fmt.Errorf("live: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("live: connect: %w", err)
	}
	listenConfig := poolConfig.ConnConfig.Copy()
	listenConfig.RuntimeParams["application_name"] = "meldpad live listener"

	runCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	p := &Postgres{hub: NewHub(), pool: pool, log: log, stop: stop, resync: make(chan struct{}, 1)}
	listener := &pgxlisten.Listener{
		Connect: func(ctx context.Context) (*pgx.Conn, error) { return pgx.ConnectConfig(ctx, listenConfig) },
		LogError: func(ctx context.Context, err error) {
			if ctx.Err() == nil {
				log.Warn("live updates: listener", "err", err)
			}
		},
		ReconnectDelay: delay,
	}
	listener.Handle(Channel, (*notifications)(p))
	p.wg.Add(2)
	go func() {
		defer p.wg.Done()
		_ = listener.Listen(runCtx) // returns only when stopped
	}()
	go func() {
		defer p.wg.Done()
		p.resyncLoop(runCtx)
	}()
	return p, nil
}

// Subscribe watches a game (Hub.Subscribe).
func (p *Postgres) Subscribe(gameID int64, since int, current CurrentVersion) (<-chan int, func()) {
	return p.hub.Subscribe(gameID, since, current)
}

// CloseSubscriptions ends every subscription (Hub.CloseSubscriptions);
// publishing goes on until Close, so saves still in flight reach the
// other servers.
func (p *Postgres) CloseSubscriptions() { p.hub.CloseSubscriptions() }

// Publish tells this server's subscribers at once, and every server's
// (this one's again, which the hub drops as not newer) through the
// database.
func (p *Postgres) Publish(ctx context.Context, gameID int64, version int) error {
	p.hub.deliver(gameID, version)
	payload := strconv.FormatInt(gameID, 10) + ":" + strconv.Itoa(version)
	if _, err := p.pool.Exec(ctx, "SELECT pg_notify($1, $2)", Channel, payload); err != nil {
		return fmt.Errorf("live: notify game %d: %w", gameID, err)
	}
	return nil
}

// Close stops listening and publishing, and ends every subscription.
func (p *Postgres) Close() {
	p.stop()
	p.wg.Wait()
	p.pool.Close()
	p.hub.CloseSubscriptions()
}

// resyncLoop runs the resyncs the listener asks for, one at a time: a
// request made while one runs makes one more afterwards.
func (p *Postgres) resyncLoop(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-p.resync:
		}
		if err := p.hub.Resync(ctx); err != nil && ctx.Err() == nil {
			p.log.Warn("live updates: resync", "err", err)
		}
		p.resyncs.Add(1)
	}
}

// notifications is the listener's handler of Channel.
type notifications Postgres

// HandleNotification delivers a save announced by any server.
func (n *notifications) HandleNotification(_ context.Context, note *pgconn.Notification, _ *pgx.Conn) error {
	gameID, version, err := parsePayload(note.Payload)
	if err != nil {
		return err
	}
	n.hub.deliver(gameID, version)
	return nil
}

// HandleBacklog runs when the listener has (re)connected and listens: the
// saves announced while it was away are lost, so the subscribers' games
// are read again. The resync runs beside the listener, which meanwhile
// delivers what arrives.
func (n *notifications) HandleBacklog(_ context.Context, _ string, conn *pgx.Conn) error {
	n.listenerPID.Store(conn.PgConn().PID())
	select {
	case n.resync <- struct{}{}:
	default: // one is pending already; it reads what this one would
	}
	return nil
}

// parsePayload reads "<game id>:<version>".
func parsePayload(payload string) (gameID int64, version int, err error) {
	id, v, ok := strings.Cut(payload, ":")
	if ok {
		gameID, err = strconv.ParseInt(id, 10, 64)
		if err == nil {
			version, err = strconv.Atoi(v)
		}
	}
	if !ok || err != nil {
		return 0, 0, errors.New("live: notification payload " + strconv.Quote(payload) + ": want <game id>:<version>")
	}
	return gameID, version, nil
}
