-- Going back would have to invent a value for awards proposed while
-- unpriced: refuse instead, naming them, so nothing is lost silently.
DO $$
DECLARE n integer;
BEGIN
    SELECT count(*) INTO n FROM awards WHERE contract_value IS NULL OR cost_per_unit IS NULL;
    IF n > 0 THEN
        RAISE EXCEPTION '% award(s) have no contract value yet (proposed while unpriced); withdraw them or price their quotes before migrating down', n;
    END IF;
END $$;
ALTER TABLE awards
    ALTER COLUMN contract_value SET NOT NULL,
    ALTER COLUMN cost_per_unit SET NOT NULL;
