#!/usr/bin/env node
// Renders each workload with this engine (A) and the reference engine (B) in the same process,
// alternating rounds, and prints renders/s, parses/s and the A/B ratios (medians over rounds).
// Workloads: the shared ones ($SHARED_DIR/bench/workloads, else ../../../shared/bench/workloads
// from the package) when present, plus bench/workloads/ here. Outputs of A and B are compared
// first and any difference is reported.
//
//   node bench/run.mjs [--rounds 5] [--ms 700] [--only NAME] [WORKLOAD.json...]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as A from './adapter-site.mjs';
import * as B from './adapter-reference.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let rounds = 5;
let ms = 700;
let only = null;
const files = [];
/** The shared workloads: the targets (render geomean, parse) are stated over these. */
const shared = new Set();
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds') rounds = Number(args[++i]);
  else if (args[i] === '--ms') ms = Number(args[++i]);
  else if (args[i] === '--only') only = args[++i];
  else files.push(resolve(args[i]));
}
if (files.length === 0) {
  const sharedDir = process.env.SHARED_DIR
    ? resolve(process.env.SHARED_DIR)
    : resolve(here, '..', '..', '..', '..', 'shared');
  const dirs = [join(sharedDir, 'bench', 'workloads'), join(here, 'workloads')];
  for (const d of dirs) {
    if (!existsSync(d)) {
      console.log(`(no workloads at ${d})`);
      continue;
    }
    for (const f of readdirSync(d).sort()) {
      if (!f.endsWith('.json')) continue;
      files.push(join(d, f));
      if (d === dirs[0]) shared.add(join(d, f));
    }
  }
}

// Rates are per second of this process's CPU time (user + system), not of wall-clock time, so
// that other processes sharing the machine disturb the figures less.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function rate(fn, budget, batch) {
  let n = 0;
  const c0 = cpuMs();
  const t0 = performance.now();
  while (performance.now() - t0 < budget) {
    for (let k = 0; k < batch; k++) fn();
    n += batch;
  }
  return (n * 1000) / Math.max(cpuMs() - c0, 0.001);
}

const renderRate = (adapter, handle, json) => rate(() => adapter.renderCompiled(handle, json), ms, 10);
const parseRate = (adapter, src, partials) => rate(() => adapter.compile(src, partials), ms / 2, 5);

const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const renderRatios = [];
const parseRatios = [];
const sharedRender = [];
const sharedParse = [];
let differences = 0;
for (const file of files) {
  const w = JSON.parse(readFileSync(file, 'utf8'));
  if (only && w.name !== only) continue;
  const hA = A.compile(w.template, w.partials);
  const hB = B.compile(w.template, w.partials);
  const outA = A.renderCompiled(hA, w.json);
  const outB = B.renderCompiled(hB, w.json);
  if (outA !== outB) {
    differences++;
    let k = 0;
    while (k < outA.length && outA[k] === outB[k]) k++;
    console.log(
      `${w.name}: OUTPUT DIFFERS at char ${k}: A ${JSON.stringify(outA.slice(k, k + 70))} B ${JSON.stringify(outB.slice(k, k + 70))}`,
    );
  }
  const ra = [];
  const rb = [];
  const pa = [];
  const pb = [];
  for (let r = 0; r < rounds; r++) {
    ra.push(renderRate(A, hA, w.json));
    rb.push(renderRate(B, hB, w.json));
    pa.push(parseRate(A, w.template, w.partials));
    pb.push(parseRate(B, w.template, w.partials));
  }
  const rr = median(ra) / median(rb);
  const pr = median(pa) / median(pb);
  renderRatios.push(rr);
  parseRatios.push(pr);
  if (shared.has(file)) {
    sharedRender.push(rr);
    sharedParse.push(pr);
  }
  console.log(
    `${w.name}: render ${fmt(median(ra))}/s vs ${fmt(median(rb))}/s = ${rr.toFixed(2)}x | ` +
      `parse ${fmt(median(pa))}/s vs ${fmt(median(pb))}/s = ${pr.toFixed(2)}x | ` +
      `${outA.length} chars${outA === outB ? ', outputs match' : ''}`,
  );
}
const geo = (xs) => Math.exp(xs.reduce((s, r) => s + Math.log(r), 0) / xs.length);
if (sharedRender.length) {
  console.log(
    `shared workloads: render geometric mean ${geo(sharedRender).toFixed(2)}x (min ${Math.min(...sharedRender).toFixed(2)}x), ` +
      `parse geometric mean ${geo(sharedParse).toFixed(2)}x (min ${Math.min(...sharedParse).toFixed(2)}x)`,
  );
}
if (renderRatios.length) {
  console.log(
    `all workloads: geometric mean render ${geo(renderRatios).toFixed(2)}x, parse ${geo(parseRatios).toFixed(2)}x ` +
      `(min render ${Math.min(...renderRatios).toFixed(2)}x, min parse ${Math.min(...parseRatios).toFixed(2)}x); ` +
      `${differences} workload(s) with differing output`,
  );
}
