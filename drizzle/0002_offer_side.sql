ALTER TABLE "offers" ADD COLUMN "side" text NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_side_check" CHECK ("offers"."side" in ('buy', 'sell'));