ALTER TABLE "referrals" ADD COLUMN "first_deposit_awarded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "referrals_referrer_id_points_idx" ON "referrals" USING btree ("referrer_id","points");--> statement-breakpoint
-- Every user has a referral code: accounts made before codes existed (or outside sign-up) get one
-- here, 10 of A-F/0-9 (fits the 6-20 A-Z0-9 rule); a clash with an existing code draws again.
DO $$
DECLARE
	missing record;
BEGIN
	FOR missing IN SELECT "id" FROM "user" WHERE "referral_code" IS NULL LOOP
		LOOP
			BEGIN
				UPDATE "user" SET "referral_code" = upper(substr(md5(random()::text || missing."id"), 1, 10))
				WHERE "id" = missing."id";
				EXIT;
			EXCEPTION WHEN unique_violation THEN
				-- drawn code already taken: try another
			END;
		END LOOP;
	END LOOP;
END $$;
