-- An award may be proposed before every awarded quote can be priced (a
-- quote in a currency without an exchange rate yet): its contract value
-- and cost per unit are then unknown (NULL), never a made-up zero. Such
-- an award cannot be signed until its quotes are priced.
ALTER TABLE awards
    ALTER COLUMN contract_value DROP NOT NULL,
    ALTER COLUMN cost_per_unit DROP NOT NULL;
