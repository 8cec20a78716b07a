DROP TRIGGER IF EXISTS contracts_past_performance ON contracts;
DROP TRIGGER IF EXISTS contract_bills_past_performance ON contract_bills;
DROP TRIGGER IF EXISTS contract_outages_past_performance ON contract_outages;
DROP TRIGGER IF EXISTS acceptance_results_past_performance ON acceptance_results;
