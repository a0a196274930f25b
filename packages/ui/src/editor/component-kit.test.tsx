import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { messages } from '@site/page-content';
import { fn } from 'storybook/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { BlockPicker } from './BlockPicker';
import * as listStories from './ComponentList.stories';
import * as saveStories from './SaveAsComponent.stories';
import { SaveAsComponent } from './SaveAsComponent';

afterEach(cleanup);

describe('website component stories', () => {
  it.each(Object.entries({ ...composeStories(listStories), ...composeStories(saveStories) }))(
    '%s passes axe',
    async (_name, Story) => {
      const { container } = render(<Story />);
      await Story.play?.({ canvasElement: container } as never);
      await expectNoAxeViolations(container);
    },
  );

  it('offers Delete only for a component no page uses, and says where it is used', () => {
    const { InUse } = composeStories(listStories);
    // The story's own spy type: its args are typed by storybook/test's fn.
    const onDelete = fn();
    render(<InUse onDelete={onDelete} />);
    const [used, unused] = screen.getAllByRole('button', { name: 'Delete' });
    expect(used).toHaveProperty('disabled', true);
    expect(screen.getByText(/Used on Home, Visit us/)).toBeTruthy();
    fireEvent.click(unused!);
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 'cmp-cta' }));
  });

  it('renames in place', () => {
    const { InUse } = composeStories(listStories);
    const onRename = fn();
    render(<InUse onRename={onRename} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Rename' })[0]!);
    fireEvent.change(screen.getByLabelText('Component name'), { target: { value: ' Hours ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(onRename).toHaveBeenCalledWith(expect.objectContaining({ id: 'cmp-hours' }), 'Hours');
  });

  it('saves the selected blocks under the typed name, and shows a refusal', () => {
    const onSave = vi.fn();
    render(<SaveAsComponent blockCount={2} onSave={onSave} error={messages.components.tooMany(100)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save as component' }));
    fireEvent.change(screen.getByLabelText('Component name'), { target: { value: 'Hours' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save component' }));
    expect(onSave).toHaveBeenCalledWith('Hours');
    expect(screen.getByRole('alert').textContent).toBe(messages.components.tooMany(100));
  });

  it('lists the site’s components in the Add panel and places the one picked; no empty component block', () => {
    const onPickComponent = vi.fn();
    render(
      <BlockPicker
        onPick={() => {}}
        components={[{ id: 'cmp-hours', name: 'Opening hours', blockCount: 2 }]}
        onPickComponent={onPickComponent}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Website component/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Opening hours/ }));
    expect(onPickComponent).toHaveBeenCalledWith('cmp-hours');
  });
});
