DROP TABLE IF EXISTS settings;
DROP TABLE IF EXISTS decision_inputs;
DROP TABLE IF EXISTS decisions;
DROP FUNCTION IF EXISTS decisions_append_only();
DROP TABLE IF EXISTS flag_waivers;
DROP TABLE IF EXISTS shortlist;
