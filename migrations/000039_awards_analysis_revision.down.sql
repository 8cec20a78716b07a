DROP TRIGGER IF EXISTS award_approvals_analysis_revision ON award_approvals;
DROP FUNCTION IF EXISTS award_input_changed();
DROP TRIGGER IF EXISTS awards_analysis_revision ON awards;
