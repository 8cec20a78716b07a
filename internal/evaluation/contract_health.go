package evaluation

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// healthOutageHour is how long an outage read from evidence lasts when the
// log states one time or none: from that time (the run's, else the
// upload's) for an hour, the least the evidence shows; the buyer enters
// the true end as an outage of its own.
const healthOutageHour = time.Hour

// healthOutages reads upload id's health evidence into an outage of each
// active contract of its quote, inside the Tx that stored, withdrew or
// re-read it: a node failing its health gate (source health_gate), or Xid
// lines (source xid), the nodes affected those the gate names, the times
// from the log where it states them. Reading the same upload again changes
// nothing; a withdrawn upload, or one that no longer shows a fault, takes
// its outage away. Each change has its audit row.
func healthOutages(ctx context.Context, tx *store.Store, by audit.Actor, id int64, now time.Time) error {
	b, err := tx.Benchmark(ctx, id)
	if err != nil {
		return err
	}
	cs, err := tx.Contracts(ctx, store.ContractFilter{QuoteID: b.QuoteID}, maxContracts)
	if err != nil || len(cs) == 0 {
		return err
	}
	var found *store.Outage
	if b.WithdrawnAt == nil && b.Result != nil {
		sq, err := tx.Quote(ctx, b.QuoteID)
		if err != nil {
			return err
		}
		br, err := tx.Brief(ctx, sq.EvaluationID)
		if err != nil {
			return err
		}
		rep := verdict.Evaluate(VerdictInput(sq.Quote, br.Data, []store.Benchmark{b}))
		found = outageOf(b, rep.Gates.HealthyNodes)
	}
	for _, sc := range cs {
		if err := contractHealthOutage(ctx, tx, by, sc, b, found, now); err != nil {
			return err
		}
	}
	return nil
}

// contractHealthOutage makes the outages of contract sc read from upload b
// what found says (nil: none), changing nothing when they already are.
func contractHealthOutage(ctx context.Context, tx *store.Store, by audit.Actor, sc store.Contract, b store.Benchmark, found *store.Outage, now time.Time) error {
	c, err := contractOf(sc, contract.Today(now, time.UTC))
	if err != nil {
		return err
	}
	t, err := parseTerms(sc.Terms)
	if err != nil {
		return err
	}
	active := c.State == contract.Active || c.State == contract.InNotice || c.State == contract.Renewed
	if found != nil && !active {
		return nil // evidence of a contract not running: nothing to record, nothing recorded taken away
	}
	var want *store.Outage
	if found != nil {
		o := *found
		if per := t.Capacity.GPUsPerNode; per > 0 {
			o.Nodes = min(o.Nodes, max(1, t.Capacity.GPUs/per))
		}
		o.ContractID = sc.ID
		want = &o
	}
	stored, err := tx.Outages(ctx, sc.ID)
	if err != nil {
		return err
	}
	var have []store.Outage
	for _, o := range stored {
		if o.UploadID == b.ID {
			have = append(have, o)
		}
	}
	if want == nil && len(have) == 0 {
		return nil
	}
	if want != nil && len(have) == 1 && sameOutage(have[0], *want) {
		return nil
	}
	if _, err := tx.DeleteUploadOutages(ctx, sc.ID, b.ID); err != nil {
		return err
	}
	after := map[string]any{"upload_id": b.ID, "removed": len(have)}
	if want != nil {
		if want.ID, err = tx.InsertOutage(ctx, *want, by.ID); err != nil {
			return err
		}
		after = map[string]any{"upload_id": b.ID, "removed": len(have), "outage_id": want.ID, "start": want.Start, "end": want.End,
			"nodes": want.Nodes, "source": want.Source}
	}
	return tx.RecordAudit(ctx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "contract.outage", ObjectType: "contract",
		ObjectID: fmt.Sprint(sc.ID), EvaluationID: sc.EvaluationID, After: after})
}

func sameOutage(a, b store.Outage) bool {
	return a.Start.Equal(b.Start) && a.End.Equal(b.End) && a.Nodes == b.Nodes && a.Source == b.Source && a.Note == b.Note
}

// outageOf is the outage upload b's health evidence shows, nil when it
// shows none: the nodes its healthy-node gate finds unhealthy (one when
// the log names none on a single-node quote), from the first failing
// line's time to the last (else the run's times, else the upload's, for
// healthOutageHour).
func outageOf(b store.Benchmark, g verdict.HealthyNodesGate) *store.Outage {
	if len(g.Unhealthy) == 0 {
		return nil
	}
	ref := b.UploadedAt.UTC()
	if b.Meta.RunDate != nil {
		ref = b.Meta.RunDate.UTC()
	}
	var times []time.Time
	source := "health_gate"
	if kl := b.Result.KernelLog; kl != nil {
		source = "xid"
		bad := map[string]bool{}
		for _, u := range g.Unhealthy {
			bad[u.Node] = true
		}
		for _, ev := range kl.Xids {
			if info, _ := benchlog.Xid(ev.Code); info.Severity != benchlog.XidFatal || (ev.Host != "" && !bad[ev.Host]) {
				continue
			}
			if at, ok := ev.At(b.UploadedAt); ok {
				times = append(times, at)
			}
		}
	}
	if r := b.Meta.Run; len(times) == 0 && r != nil && !r.Start.IsZero() {
		times = append(times, r.Start.UTC())
		if r.End.After(r.Start) {
			times = append(times, r.End.UTC())
		}
	}
	if len(times) == 0 {
		times = append(times, ref)
	}
	start, end := slices.MinFunc(times, time.Time.Compare), slices.MaxFunc(times, time.Time.Compare)
	if !end.After(start) {
		end = start.Add(healthOutageHour)
	}
	name := b.FileName
	if name == "" {
		name = fmt.Sprintf("upload %d", b.ID)
	}
	note := fmt.Sprintf("read from %s (upload %d): %s", name, b.ID, g.Summary())
	if len([]rune(note)) > 2000 {
		note = string([]rune(note)[:2000])
	}
	return &store.Outage{Start: start.Truncate(time.Second), End: end.Truncate(time.Second), Nodes: len(g.Unhealthy), Source: source,
		Note: strings.TrimSpace(note), UploadID: b.ID}
}
