package main

import (
	"context"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func dropDatabase(t *testing.T, url string) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Log(err)
		return
	}
	conn, err := pgx.Connect(context.Background(), storetest.URL("postgres"))
	if err != nil {
		t.Log(err)
		return
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), "DROP DATABASE IF EXISTS "+pgx.Identifier{cfg.Database}.Sanitize()+" WITH (FORCE)"); err != nil {
		t.Log(err)
	}
}
