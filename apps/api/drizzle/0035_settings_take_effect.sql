ALTER TABLE "orders" ADD COLUMN "order_note" text;--> statement-breakpoint
CREATE INDEX "orders_pending" ON "orders" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
-- The instalment pill now reads the owner's Store settings › Instalments: a site that had the
-- old page-context settings keeps its offer as those settings (amounts as strings of cents).
UPDATE "websites" SET "settings" = ("settings" - 'instalments') || jsonb_build_object(
  'commercePreferences',
  coalesce("settings"->'commercePreferences', '{}'::jsonb) || jsonb_build_object(
    'instalments',
    jsonb_strip_nulls(jsonb_build_object(
      'enabled', coalesce(("settings"->'instalments'->>'afterPayAvailable')::boolean, false),
      'minimumOrderCents', ("settings"->'instalments'->>'afterPayMin'),
      'maximumOrderCents', ("settings"->'instalments'->>'afterPayMax')
    ))
  )
)
WHERE "settings" ? 'instalments' AND NOT coalesce("settings"->'commercePreferences', '{}'::jsonb) ? 'instalments';
--> statement-breakpoint
UPDATE "websites" SET "settings" = "settings" - 'instalments' WHERE "settings" ? 'instalments';
--> statement-breakpoint
-- Order notes and the free-price label are now read by the checkout and the price formatter from
-- the store settings: carry over what owners had saved in the commerce preferences.
UPDATE "websites" SET "settings" = jsonb_set(
  "settings",
  '{storeSettings}',
  coalesce("settings"->'storeSettings', '{}'::jsonb) || jsonb_strip_nulls(jsonb_build_object(
    'orderNotesEnabled', "settings" #> '{commercePreferences,checkout,orderNotesEnabled}',
    'orderNotesLabel', "settings" #> '{commercePreferences,checkout,orderNotesLabel}',
    'freeIfZero', "settings" #> '{commercePreferences,currency,freeIfZero}',
    'freeLabel', "settings" #> '{commercePreferences,currency,freeLabel}'
  ))
)
WHERE coalesce("settings" #> '{commercePreferences,checkout}', '{}'::jsonb) ?| array['orderNotesEnabled', 'orderNotesLabel']
  OR coalesce("settings" #> '{commercePreferences,currency}', '{}'::jsonb) ?| array['freeIfZero', 'freeLabel'];
