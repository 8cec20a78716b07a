package redflag

import "testing"

var accessCases = []ruleCase{
	{name: "no billing export", cells: map[string]string{"billing_export": "no"}, want: []string{"billing_export_missing"}},
	{name: "billing export not stated", cells: map[string]string{"billing_export": ""}, want: []string{"billing_export_missing"}},
	{name: "billing export refused is a blocker", cells: map[string]string{"billing_export": "refused"}, want: []string{"billing_export_refused"}},
	{name: "driver and cuda not verifiable", cells: map[string]string{"driver_cuda_verifiable": "no"}, want: []string{"driver_cuda_unverifiable"}},
	{name: "driver and cuda not stated", cells: map[string]string{"driver_cuda_verifiable": ""}, want: []string{"driver_cuda_unverifiable"}},
	{name: "driver and cuda refused is a blocker", cells: map[string]string{"driver_cuda_verifiable": "refused"}, want: []string{"driver_cuda_refused"}},
}

func TestAccessRules(t *testing.T) { runCases(t, accessCases) }
