-- The joining fee inside a join application's amount due (docs/decisions/0031-memcard-join-lines.md).

-- What the one-off joining fee was when the application was made, in pence (0 when the membership
-- had none). The rest of `amount_due_pence` is the first year's subscription, after the
-- half-price offer and any discount code. Set for join applications only; NULL for renewals,
-- changes of type, and join applications made before this column (their receipts keep one line).
ALTER TABLE applications ADD COLUMN joining_fee_pence INTEGER;
