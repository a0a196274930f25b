-- The editor's lists of mailing lists and forms show each one's confirmed subscribers and
-- submissions. Counting them with a join read every row of a big list on each load; the counts are
-- now kept per list and per form by row triggers, inside the transaction that writes the row (an
-- upsert adds, so concurrent sign-ups queue on the one count row and none is lost). Decrements are
-- plain updates: a list or form being deleted takes its count row with it.
CREATE TABLE "form_counts" (
	"form_id" text PRIMARY KEY NOT NULL,
	"submissions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_list_counts" (
	"list_id" text PRIMARY KEY NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_counts" ADD CONSTRAINT "form_counts_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_counts" ADD CONSTRAINT "mailing_list_counts_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION count_confirmed_subscriber() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'confirmed' THEN
    UPDATE mailing_list_counts SET confirmed = confirmed - 1 WHERE list_id = OLD.list_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'confirmed' THEN
    INSERT INTO mailing_list_counts AS c (list_id, confirmed) VALUES (NEW.list_id, 1)
    ON CONFLICT (list_id) DO UPDATE SET confirmed = c.confirmed + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER confirmed_count AFTER INSERT ON mailing_list_subscribers FOR EACH ROW
  WHEN (NEW.status = 'confirmed') EXECUTE FUNCTION count_confirmed_subscriber();--> statement-breakpoint
CREATE TRIGGER confirmed_count_update AFTER UPDATE OF status, list_id ON mailing_list_subscribers FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.list_id IS DISTINCT FROM NEW.list_id)
  EXECUTE FUNCTION count_confirmed_subscriber();--> statement-breakpoint
CREATE TRIGGER confirmed_count_delete AFTER DELETE ON mailing_list_subscribers FOR EACH ROW
  WHEN (OLD.status = 'confirmed') EXECUTE FUNCTION count_confirmed_subscriber();--> statement-breakpoint
CREATE FUNCTION count_form_submission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE form_counts SET submissions = submissions - 1 WHERE form_id = OLD.form_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO form_counts AS c (form_id, submissions) VALUES (NEW.form_id, 1)
    ON CONFLICT (form_id) DO UPDATE SET submissions = c.submissions + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER submission_count AFTER INSERT OR DELETE ON form_submissions FOR EACH ROW
  EXECUTE FUNCTION count_form_submission();--> statement-breakpoint
CREATE TRIGGER submission_count_update AFTER UPDATE OF form_id ON form_submissions FOR EACH ROW
  WHEN (OLD.form_id IS DISTINCT FROM NEW.form_id) EXECUTE FUNCTION count_form_submission();--> statement-breakpoint
INSERT INTO mailing_list_counts (list_id, confirmed)
  SELECT list_id, count(*) FROM mailing_list_subscribers WHERE status = 'confirmed' GROUP BY list_id;--> statement-breakpoint
INSERT INTO form_counts (form_id, submissions)
  SELECT form_id, count(*) FROM form_submissions GROUP BY form_id;
