ALTER TABLE "offers" ALTER COLUMN "take_profit_percent" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "stop_loss_percent" DROP NOT NULL;