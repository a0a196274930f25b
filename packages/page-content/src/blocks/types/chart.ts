import { z } from 'zod';
import { chartView, CHART_TYPES } from '../../charts/chart-svg';
import { datasetSchema } from '../../charts/dataset';
import { text } from '../../text';
import { defineBlock } from '../define-block';

/**
 * A chart drawn on the server as SVG (no script on the page), with its data as a table for
 * screen readers and anyone who wants the numbers.
 */
export const chartBlock = defineBlock({
  type: 'chart',
  code: 42,
  label: 'Chart',
  category: 'more',
  description: 'A bar or line chart of data you type in.',
  settings: z.object({
    title: text(200).default(''),
    chartType: z.enum(CHART_TYPES).default('bar'),
    dataset: datasetSchema.default({ seriesLabel: '', columns: [], rows: [] }),
  }),
  fields: [
    { key: 'title', label: 'Title', kind: 'text', maxLength: 200 },
    {
      key: 'chartType',
      label: 'Chart type',
      kind: 'select',
      options: [
        { value: 'bar', label: 'Bar' },
        { value: 'line', label: 'Line' },
      ],
    },
    { key: 'dataset', label: 'Data', kind: 'dataset' },
  ],
  view: (s) => ({ title: s.title, chart: chartView(s.dataset, s.chartType, s.title) }),
  template:
    '<figure class="chart-block">{.section title}<figcaption class="chart-block__title">{@|htmltag}</figcaption>{.end}' +
    '{.section chart}<svg class="chart-block__svg" viewBox="0 0 {width} {height}" role="img" aria-label="{description|htmlattr}" preserveAspectRatio="xMidYMid meet">' +
    '{.repeated section gridlines}<line x1="56" x2="624" y1="{y}" y2="{y}" stroke="#dcdde1"/><text x="50" y="{labelY}" text-anchor="end" font-size="11" fill="#5c5f66">{label|htmltag}</text>{.end}' +
    '{.repeated section bars}<rect x="{x}" y="{y}" width="{width}" height="{height}" fill="{fill}"><title>{title|htmltag}</title></rect>{.end}' +
    '{.repeated section lines}<polyline points="{points}" fill="none" stroke="{stroke}" stroke-width="2"/>{.repeated section dots}<circle cx="{cx}" cy="{cy}" r="3.5" fill="{stroke}"><title>{title|htmltag}</title></circle>{.end}{.end}' +
    '<line x1="56" x2="624" y1="{baselineY}" y2="{baselineY}" stroke="#5c5f66"/>' +
    '{.repeated section xLabels}<text x="{x}" y="{y}" text-anchor="middle" font-size="11" fill="#1b1b1f">{text|htmltag}</text>{.end}</svg>' +
    '<ul class="chart-block__legend">{.repeated section legend}<li><span class="chart-block__swatch" style="background:{colour}" aria-hidden="true"></span>{label|htmltag}</li>{.end}</ul>' +
    '<details class="chart-block__data"><summary>Show the data</summary><table class="chart-block__table"><thead><tr>{.repeated section table.header}<th scope="col">{@|htmltag}</th>{.end}</tr></thead><tbody>{.repeated section table.rows}<tr><th scope="row">{label|htmltag}</th>{.repeated section cells}<td>{@|htmltag}</td>{.end}</tr>{.end}</tbody></table></details>' +
    '{.or}<div class="block-empty">Enter some data!</div>{.end}</figure>',
});
