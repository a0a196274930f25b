-- What has been given back of a donation: refunds from the editor, and a refund made in the processor's dashboard.
ALTER TABLE "donations" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;