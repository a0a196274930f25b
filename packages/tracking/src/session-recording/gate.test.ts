import { describe, expect, it } from 'vitest';
import { decideRecording, type RecordingFacts } from './gate';
import { parseExperimentOverrides, recordingVariant } from './experiments';
import fc from 'fast-check';

const ok: RecordingFacts = { country: 'US', enabled: true, variant: 'record', cores: 8 };

describe('Session recording runs only in the US or Japan, with a feature toggle and an experiment variant, on devices with more than 2 CPU cores', () => {
  it.each<[string, Partial<RecordingFacts>, ReturnType<typeof decideRecording>]>([
    ['US, toggle on, record variant, 8 cores', {}, { record: true }],
    ['Japan', { country: 'JP' }, { record: true }],
    ['lower-case country from a proxy', { country: 'jp' }, { record: true }],
    ['3 cores', { cores: 3 }, { record: true }],
    ['toggle off', { enabled: false }, { record: false, reason: 'toggle' }],
    ['Germany', { country: 'DE' }, { record: false, reason: 'country' }],
    ['country not known', { country: undefined }, { record: false, reason: 'country' }],
    ['Tor exit (T1)', { country: 'T1' }, { record: false, reason: 'country' }],
    ['control variant', { variant: 'control' }, { record: false, reason: 'variant' }],
    ['2 cores', { cores: 2 }, { record: false, reason: 'cores' }],
    ['1 core', { cores: 1 }, { record: false, reason: 'cores' }],
    ['cores hidden by the browser', { cores: undefined }, { record: false, reason: 'cores' }],
    ['cores not a number', { cores: Number.NaN }, { record: false, reason: 'cores' }],
    [
      'toggle off wins over everything',
      { enabled: false, country: 'DE', cores: 1 },
      { record: false, reason: 'toggle' },
    ],
  ])('%s', (_, facts, expected) => {
    expect(decideRecording({ ...ok, ...facts })).toEqual(expected);
  });
});

describe('experiment overrides and the recording variant', () => {
  it.each<[string, string, [string, string][]]>([
    ['one override', 'experiment-override=visitor-recording:record', [['visitor-recording', 'record']]],
    [
      'comma-separated',
      'experiment-override=a:x,b:y',
      [
        ['a', 'x'],
        ['b', 'y'],
      ],
    ],
    ['repeated, the last wins', 'experiment-override=a:x&experiment-override=a:y', [['a', 'y']]],
    [
      'upper case is folded',
      'experiment-override=Visitor-Recording:RECORD',
      [['visitor-recording', 'record']],
    ],
    ['no variant', 'experiment-override=a', []],
    ['too many colons', 'experiment-override=a:b:c', []],
    ['odd characters', 'experiment-override=a%20b:x', []],
    ['another parameter', 'experiment=a:x', []],
  ])('%s', (_, query, expected) => {
    expect([...parseExperimentOverrides(new URLSearchParams(query))]).toEqual(expected);
  });

  it('never throws on any query string', () => {
    fc.assert(fc.property(fc.string(), (q) => void parseExperimentOverrides(new URLSearchParams(q))));
  });

  it.each<[string, Parameters<typeof recordingVariant>, string]>([
    ['20 % records cohort A', ['A', 20, new Map()], 'record'],
    ['20 % leaves cohort B out', ['B', 20, new Map()], 'control'],
    ['40 % records cohort B', ['B', 40, new Map()], 'record'],
    ['80 % leaves cohort E out', ['E', 80, new Map()], 'control'],
    ['100 % records cohort E', ['E', 100, new Map()], 'record'],
    [
      'an override forces the record variant',
      ['E', 20, new Map([['visitor-recording', 'record']])],
      'record',
    ],
    [
      'an override forces the control variant',
      ['A', 100, new Map([['visitor-recording', 'control']])],
      'control',
    ],
    ['an unknown variant is ignored', ['E', 20, new Map([['visitor-recording', 'always']])], 'control'],
    ['another experiment is ignored', ['E', 20, new Map([['other', 'record']])], 'control'],
  ])('%s', (_, args, expected) => {
    expect(recordingVariant(...args)).toBe(expected);
  });
});
