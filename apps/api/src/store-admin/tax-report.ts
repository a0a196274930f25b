import { minorToDecimalString, taxMessages, type CurrencyCode } from '@site/commerce-core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { csvLine } from './csv';

export interface TaxReportRow {
  month: string;
  country: string;
  region: string;
  name: string;
  rate: string;
  included: boolean;
  orders: number;
  taxableCents: number;
  taxCents: number;
}

/**
 * Tax collected by month (in the site's time zone), place and rate, from the tax lines each order
 * kept when it was placed: a rate changed later never rewrites what was collected. Cancelled
 * orders are left out.
 */
export async function taxReport(db: Database, websiteId: string, timeZone: string): Promise<TaxReportRow[]> {
  const answer = await db.execute(sql`
    select to_char(o.created_at at time zone ${timeZone}, 'YYYY-MM') as month,
           line->>'country' as country, line->>'region' as region, line->>'name' as name,
           line->>'rate' as rate, (line->>'included')::boolean as included,
           count(distinct o.id) as orders,
           sum((line->>'taxableCents')::bigint) as taxable, sum((line->>'taxCents')::bigint) as tax
    from orders o cross join lateral jsonb_array_elements(o.tax_lines) as line
    where o.website_id = ${websiteId} and o.status <> 'cancelled'
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6`);
  const rows = rowsOf<{
    month: string;
    country: string;
    region: string;
    name: string;
    rate: string;
    included: boolean;
    orders: string;
    taxable: string;
    tax: string;
  }>(answer);
  return rows.map((r) => ({
    month: r.month,
    country: r.country,
    region: r.region,
    name: r.name,
    rate: r.rate,
    included: r.included,
    orders: Number(r.orders),
    taxableCents: Number(r.taxable),
    taxCents: Number(r.tax),
  }));
}

/** The report as a spreadsheet: amounts as typed ("12.50"), never minor units. */
export function taxReportCsv(rows: readonly TaxReportRow[], currency: CurrencyCode): string {
  const m = taxMessages;
  const money = (cents: number) => minorToDecimalString(BigInt(cents), currency);
  return (
    [
      csvLine([
        m.reportMonth,
        m.reportCountry,
        m.reportRegion,
        m.reportTax,
        m.reportRate,
        m.reportIncluded,
        m.reportOrders,
        m.reportTaxable,
        m.reportTaxCollected,
      ]),
      ...rows.map((r) =>
        csvLine([
          r.month,
          r.country,
          r.region,
          r.name,
          `${r.rate} %`,
          r.included ? m.yes : m.no,
          String(r.orders),
          money(r.taxableCents),
          money(r.taxCents),
        ]),
      ),
    ].join('\r\n') + '\r\n'
  );
}
