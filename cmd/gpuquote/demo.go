package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
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
}

// loadDemo fills an empty database (no users yet) with demo users and a
// demo evaluation. Passwords are random and printed once to the log.
func loadDemo(ctx context.Context, st *store.Store, log *slog.Logger) error {
	n, err := st.CountUsers(ctx)
	if err != nil || n > 0 {
		return err
	}
	var owner store.User
	for _, d := range demoUsers {
		password := "demo-" + rand.Text()[:12]
		hash, err := auth.HashPassword(password, auth.DefaultParams)
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
		log.Info("demo user (password shown once)", "email", d.email, "role", d.role, "password", password)
	}
	e, err := st.CreateEvaluation(ctx, owner.Actor(), "Llama-3-70B fine-tuning capacity (demo)")
	if err != nil {
		return err
	}
	if _, err := st.SaveBrief(ctx, owner.Actor(), e.ID, 1, demoBrief); err != nil {
		return fmt.Errorf("demo brief: %w", err)
	}
	log.Info("demo evaluation created", "id", e.ID)
	return nil
}
