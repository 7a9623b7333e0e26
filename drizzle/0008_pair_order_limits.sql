ALTER TABLE "crypto_pairs" ADD COLUMN "order_min" numeric;--> statement-breakpoint
ALTER TABLE "crypto_pairs" ADD COLUMN "cost_min" numeric;--> statement-breakpoint
ALTER TABLE "crypto_pairs" ADD CONSTRAINT "crypto_pairs_order_min_check" CHECK ("crypto_pairs"."order_min" > 0);--> statement-breakpoint
ALTER TABLE "crypto_pairs" ADD CONSTRAINT "crypto_pairs_cost_min_check" CHECK ("crypto_pairs"."cost_min" > 0);