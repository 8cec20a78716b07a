package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// demoUsers are one user per role, so a newcomer can see every view.
var demoUsers = []struct {
	email, name string
	role        auth.Role
}{
	{"procurement@demo.gpuquote", "Priya Procurement", auth.Procurement},
	{"engineer@demo.gpuquote", "Erik Engineer", auth.Engineer},
	{"manager@demo.gpuquote", "Mara Manager", auth.Manager},
	{"admin@demo.gpuquote", "Ada Admin", auth.Admin},
}

// demoBrief is the practitioners' article's workload: a full fine-tune of
// Llama-3-70B on 64 H100 SXM GPUs in bf16.
var demoBrief = brief.Brief{
	"workload_type": "fine_tuning", "useful_unit": "accepted_training_runs", "units_per_month": "4",
	"model_family": "Llama 3", "parameter_count_b": "70", "precision": "bf16", "framework": "pytorch", "scheduler": "slurm",
	"target_gpu": "h100_sxm", "acceptable_gpus": "h100_sxm,h200",
	"gpus_per_node": "8", "node_count": "8", "memory_per_gpu_gb": "80", "ram_per_gpu_gb": "256", "local_nvme_tb": "30",
	"single_placement_group": "yes",
	"intra_node":             "nvswitch", "inter_node": "infiniband", "allreduce_target_gbs": "350",
	"dataset_tb": "2", "checkpoint_gb": "1100", "weight_cache_gb": "140", "staging_window_hours": "6",
	"object_storage_location": "same region as the cluster", "retention_days": "30",
	"baseline_utilization_pct": "70", "peak_hours": "training runs start Monday 09:00 UTC",
	"checkpoint_interval_min": "60", "retry_budget_pct": "10", "eviction_risk": "low", "support_sla_hours": "2",
	"region": "EU", "data_residency": "EU only",
	"term_months": "6",
	// The decision table's questions: a steady baseline needed by a
	// planned date on one GPU family, in one region.
	"scaling": "steady", "availability_urgency": "planned", "hardware_change_expected": "no", "workload_bound": "compute",
	"regions": "single", "gpu_family_flexibility": "no", "managed_support": "no", "private_serving_stack": "no",
}

// demoLock is the advisory lock key under which demo data is loaded.
const demoLock = 0x6770717565646d6f // "gpquedmo"

// loadDemo fills an empty database (no users yet) with demo users and a
// demo evaluation. Passwords are random and printed once to the log. It
// runs under an advisory lock, so of several instances starting on a new
// database exactly one loads the demo and the others find it there.
func loadDemo(ctx context.Context, st *store.Store, log *slog.Logger) error {
	return st.WithAdvisoryLock(ctx, demoLock, func() error { return loadDemoLocked(ctx, st, log) })
}

func loadDemoLocked(ctx context.Context, st *store.Store, log *slog.Logger) error {
	n, err := st.CountUsers(ctx)
	if err != nil || n > 0 {
		return err
	}
	var owner store.User
	for _, d := range demoUsers {
		password := "demo-" + rand.Text()[:12]
		hash, err := auth.HashPassword(password, auth.CurrentParams())
		if err != nil {
			return err
		}
		u, err := st.CreateUser(ctx, cliActor, store.User{Email: d.email, Name: d.name, Role: d.role, PasswordHash: hash})
		if err != nil {
			return err
		}
		if d.role == auth.Procurement {
			owner = u
		}
		log.Info("demo user (password shown once)", "email", d.email, "role", d.role, "password", password,
			"new_password", "echo 'a new passphrase' | gpuquote user passwd --email "+d.email)
	}
	e, err := st.CreateEvaluation(ctx, owner.Actor(), "Llama-3-70B fine-tuning capacity (demo)")
	if err != nil {
		return err
	}
	if _, err := st.SaveBrief(ctx, owner.Actor(), e.ID, 1, demoBrief); err != nil {
		return fmt.Errorf("demo brief: %w", err)
	}
	qs, err := quote.ReadCSV(strings.NewReader(demoQuotesCSV(time.Now())))
	if err != nil {
		return fmt.Errorf("demo quotes: %w", err)
	}
	ids, err := st.ImportQuotes(ctx, owner.Actor(), e.ID, qs)
	if err != nil {
		return fmt.Errorf("demo quotes: %w", err)
	}
	// The article's effective and real hours per run, for the per-run view.
	runs := store.Assumptions{EvaluationID: e.ID, Overrides: map[string]string{}, RunHours: map[string]store.RunHours{}}
	for i, h := range [][2]string{{"48", "58"}, {"55", "78"}, {"65", "140"}} {
		runs.RunHours[strconv.FormatInt(ids[i], 10)] = store.RunHours{Effective: h[0], Real: h[1]}
	}
	if err := st.SaveAssumptions(ctx, owner.Actor(), runs); err != nil {
		return fmt.Errorf("demo run hours: %w", err)
	}
	log.Info("demo evaluation created", "id", e.ID)
	return nil
}

// demoQuotesCSV is the practitioners' article's three configurations for a
// Llama-3-70B full fine-tune on 64 H100: A, bare metal with NVLink and NDR
// InfiniBand at $32 per 8-GPU node-hour; B, hyperscaler on-demand over RoCE
// v2 at about $4.9 per GPU-hour; C, specialised spot capacity with a
// fragmented topology at about $2.03. The terms the article leaves out are
// left not stated, so the red flags show the gaps a buyer must close.
func demoQuotesCSV(now time.Time) string {
	day := func(d int) string { return now.AddDate(0, 0, d).Format(time.DateOnly) }
	return "provider,provider_category,quote_ref,rental_model,gpu_model,form_factor,gpu_memory_gb,gpus_per_node,nodes," +
		"intra_node_interconnect,inter_node_fabric,fabric_gbps_per_node,placement_guarantee,storage_terms,region,currency," +
		"price_per_gpu_hour,billing_unit,min_term_months,egress_price_per_gb,support_terms,node_failure_policy,benchmark_window," +
		"nccl_tested_on_pool,valid_until,notes\n" +
		"Bare-metal GPU cloud (config A),specialized,A-2026-11,reserved,H100,sxm,80,8,8,nvswitch,infiniband,3200,yes," +
		"WEKA parallel file system,EU,USD,4.00,hour,1,,24/7 engineering support,,yes,yes," + day(30) +
		",\"Article config A: ~48 h effective, ~58 h real, $32/h per node\"\n" +
		"Hyperscaler on-demand (config B),hyperscaler,B-7781,on_demand,H100,sxm,80,8,8,nvswitch,roce,400,no," +
		"block storage billed separately,eu-central,USD,4.90,second,0,0.09,business support,,yes,," + day(5) +
		",\"Article config B: ~55 h effective, ~78 h real\"\n" +
		"Spot GPU provider (config C),marketplace,,marketplace,H100,,80,8,8,,ethernet,,no," +
		",,USD,2.03,minute,0,refused,community,refused,no,no," + day(14) +
		",\"Article config C: ~65 h effective, ~140 h real with restarts\"\n"
}
