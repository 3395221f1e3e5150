-- +goose Up
-- A page answered to a form's POST (a refused save, a conflict, a meld
-- added), kept for a while to be shown at the GET address the POST
-- redirected to, under the random id named in that address. It lives in
-- the database, not in a server's memory, so that the GET shows it
-- whichever server of several it reaches. owner is the phone that posted
-- the form (its cookie, hashed): the page carries its CSRF token and what
-- it typed, and is shown to that phone only. client is the address it
-- came from, whose share of the pages is bounded. seq orders the pages
-- as they were kept, oldest dropped first. kept_at is in Unix
-- milliseconds; a page older than an hour is no longer shown, and is
-- swept when another is kept.
CREATE TABLE kept_pages (
    seq          INTEGER PRIMARY KEY,
    id           TEXT NOT NULL UNIQUE,
    owner        TEXT NOT NULL,
    client       TEXT NOT NULL,
    path         TEXT NOT NULL,
    status       INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    body         BLOB NOT NULL,
    kept_at      INTEGER NOT NULL
);
CREATE INDEX kept_pages_client ON kept_pages (client, seq);
CREATE INDEX kept_pages_kept_at ON kept_pages (kept_at);

-- +goose Down
DROP TABLE kept_pages;
