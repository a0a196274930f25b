import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { blockDefinition, createBlock } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockInspector } from './BlockInspector';
import { editorMessages } from './editor-messages';

afterEach(cleanup);

type Plans = { plans: Record<string, unknown>[] };
const definition = blockDefinition('pricing-plan')!;
const base = createBlock('pricing-plan').settings as Plans;
const choices = {
  'member-area': [
    { value: 'club', label: 'Supper club', price: '$9.00 / month' },
    { value: 'open', label: 'Open kitchen' },
  ],
};
const withPlan = (plan: Record<string, unknown>): Plans => ({
  ...base,
  plans: [{ ...base.plans[0], ...plan }],
});
const firstPlan = () => within(screen.getAllByRole('listitem')[0]!);

describe('pricing plan inspector', () => {
  it('points a plan’s button at a member area: the picker shows prices, the price and link give way', () => {
    const onChange = vi.fn();
    render(<BlockInspector definition={definition} settings={base} onChange={onChange} choices={choices} />);
    expect(firstPlan().getByLabelText('Price')).toBeTruthy();
    expect(firstPlan().getByLabelText('Button link')).toBeTruthy();
    fireEvent.change(firstPlan().getByLabelText('Button leads to'), { target: { value: 'area' } });
    const next = onChange.mock.lastCall![0] as Plans;
    expect(next.plans[0]).toMatchObject({ buttonTarget: 'area' });
    cleanup();
    render(
      <BlockInspector
        definition={definition}
        settings={withPlan({ buttonTarget: 'area', areaId: 'club' })}
        onChange={onChange}
        choices={choices}
      />,
    );
    expect(firstPlan().queryByLabelText('Price')).toBeNull();
    expect(firstPlan().queryByLabelText('Per')).toBeNull();
    expect(firstPlan().queryByLabelText('Button link')).toBeNull();
    const picker = firstPlan().getByLabelText('Member area') as HTMLSelectElement;
    expect(picker.value).toBe('club');
    expect([...picker.options].map((o) => o.text)).toEqual([
      editorMessages.noChoice,
      'Supper club — $9.00 / month',
      'Open kitchen',
    ]);
    expect(firstPlan().getByText(editorMessages.areaPriceShown('$9.00 / month'))).toBeTruthy();
    fireEvent.change(picker, { target: { value: 'open' } });
    expect((onChange.mock.lastCall![0] as Plans).plans[0]).toMatchObject({ areaId: 'open' });
  });

  it('warns when the area is free now, removed, or not chosen, and shows the server’s refusal', () => {
    const show = (plan: Record<string, unknown>, errors?: Record<string, string>) => {
      cleanup();
      render(
        <BlockInspector
          definition={definition}
          settings={withPlan({ buttonTarget: 'area', ...plan })}
          onChange={vi.fn()}
          choices={choices}
          errors={errors}
        />,
      );
    };
    show({ areaId: 'open' });
    expect(firstPlan().getByText(editorMessages.areaIsFree('Open kitchen'))).toBeTruthy();
    show({ areaId: 'gone' });
    expect(firstPlan().getByText(editorMessages.areaRemoved)).toBeTruthy();
    expect((firstPlan().getByLabelText('Member area') as HTMLSelectElement).value).toBe('gone');
    show({ areaId: '' });
    expect(firstPlan().getByText(editorMessages.areaNotChosen)).toBeTruthy();
    show({ areaId: 'club' }, { 'plans.0.areaId': 'Not this site’s area.' });
    expect(firstPlan().getByText('Not this site’s area.')).toBeTruthy();
  });

  it('adds a new plan whose button is a link', () => {
    const onChange = vi.fn();
    render(<BlockInspector definition={definition} settings={base} onChange={onChange} choices={choices} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add plan' }));
    expect((onChange.mock.lastCall![0] as Plans).plans.at(-1)).toMatchObject({
      buttonTarget: 'link',
      areaId: '',
    });
  });
});
