import { messages } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/http';
import { button, click, eventually, field, mount, status, stubServer, type, unmount } from '../test/dom';
import { kitMessages } from './kit-messages';
import { ScreenFrame } from './ScreenFrame';
import { ScreenLoader } from './ScreenLoader';
import { useVersionedForm } from './useVersionedForm';

afterEach(unmount);

describe('ScreenFrame', () => {
  it('says it is loading, with the screen’s title and no Save', async () => {
    const host = await mount(
      <ScreenFrame
        title="Things"
        status={{ kind: 'loading', label: 'Loading the things…' }}
        save={{ state: { kind: 'saved' }, canSave: false, onSave: () => {} }}
      />,
    );
    expect(host.querySelector('h1')?.textContent).toBe('Things');
    expect(status(host)).toBe('Loading the things…');
    expect(button(host, kitMessages.save)).toBeUndefined();
  });

  it('names a failed load and tries again', async () => {
    const onRetry = vi.fn();
    const host = await mount(
      <ScreenFrame title="Things" status={{ kind: 'error', message: 'The server is away.', onRetry }}>
        <p>content</p>
      </ScreenFrame>,
    );
    expect(host.textContent).toContain('The server is away.');
    expect(host.textContent).not.toContain('content');
    await click(button(host, kitMessages.tryAgain)!);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['saved', { kind: 'saved' } as const, false, 'All changes saved', kitMessages.save],
    ['dirty', { kind: 'dirty' } as const, true, 'Unsaved changes', kitMessages.save],
    ['saving', { kind: 'saving' } as const, false, 'Saving…', kitMessages.saving],
    [
      'failed',
      { kind: 'failed', message: 'Too long.' } as const,
      true,
      'Not saved: Too long.',
      kitMessages.save,
    ],
  ])('shows the %s state beside Save', async (_name, state, canSave, said, label) => {
    const onSave = vi.fn();
    const host = await mount(
      <ScreenFrame title="Things" save={{ state, canSave, onSave }}>
        <p>content</p>
      </ScreenFrame>,
    );
    expect(status(host)).toBe(said);
    const save = button(host, label)!;
    expect(save.disabled).toBe(!canSave);
    await click(save);
    expect(onSave).toHaveBeenCalledTimes(canSave ? 1 : 0);
    expect(host.textContent).toContain('content');
  });

  it('submits the named form when it has no onSave', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const host = await mount(
      <ScreenFrame title="Things" save={{ state: { kind: 'dirty' }, canSave: true, form: 'f' }}>
        <form id="f" onSubmit={onSubmit} />
      </ScreenFrame>,
    );
    await click(button(host, kitMessages.save)!);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('offers a reload after a conflict', async () => {
    const onReload = vi.fn();
    const host = await mount(
      <ScreenFrame title="Things" onReload={onReload}>
        <p>content</p>
      </ScreenFrame>,
    );
    expect(host.querySelector('[role="alert"]')?.textContent).toContain(kitMessages.conflict);
    await click(button(host, kitMessages.reload)!);
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});

interface Thing {
  name: string;
  tags: string[];
  version: number;
}

/** A settings screen built from the kit over GET/PUT /api/thing. */
function ThingScreen() {
  const query = useQuery({ queryKey: ['thing'], queryFn: () => api<Thing>('GET', '/api/thing') });
  return (
    <ScreenLoader title="Thing" query={query} version={(t) => t.version} loadingLabel="Loading the thing…">
      {(thing, reload) => <ThingForm initial={thing} onReload={reload} />}
    </ScreenLoader>
  );
}

function ThingForm({ initial, onReload }: { initial: Thing; onReload: () => void }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (input: Thing) => api<Thing>('PUT', '/api/thing', { body: input }),
    onSuccess: (saved) => client.setQueryData(['thing'], saved),
  });
  const form = useVersionedForm({ name: initial.name, tags: initial.tags }, save);
  return (
    <ScreenFrame
      title="Thing"
      save={{
        state: form.state,
        canSave: form.canSave,
        onSave: () => save.mutate({ ...form.value, version: initial.version }),
      }}
      onReload={form.conflict ? onReload : undefined}
    >
      <label htmlFor="name">Name</label>
      <input id="name" value={form.value.name} onChange={(e) => form.update({ name: e.target.value })} />
      <p className="error">{form.errors().name}</p>
      <button type="button" onClick={() => form.update((v) => ({ ...v, tags: [...v.tags, 'new'] }))}>
        Add tag
      </button>
    </ScreenFrame>
  );
}

/** The stored thing and what the next PUT answers (the stored thing saved when `refuse` is unset). */
function thingServer(refuse?: { status: number; body: unknown }, failGet = false) {
  let stored: Thing = { name: 'Lamp', tags: ['a'], version: 1 };
  const calls = stubServer(({ method, url, body }) => {
    if (url !== '/api/thing') return undefined;
    if (method === 'GET' && failGet)
      return { status: 500, body: { error: { code: 'INTERNAL', message: 'The server is away.' } } };
    if (method === 'PUT') {
      if (refuse) {
        const answer = refuse;
        // After a conflict, someone else's version is what a reload reads.
        if (refuse.status === 409) stored = { name: 'Desk lamp', tags: ['a'], version: 2 };
        refuse = undefined;
        return answer;
      }
      stored = { ...(body as Thing), version: stored.version + 1 };
    }
    return { status: 200, body: stored };
  });
  return {
    calls,
    stored: () => stored,
    failNoMore: () => {
      failGet = false;
    },
  };
}

describe('a screen built from the kit', () => {
  it('loads, becomes dirty on a change and clean when it is undone, and saves over the version it read', async () => {
    const server = thingServer();
    const host = await mount(<ThingScreen />);
    expect(status(host)).toBe('Loading the thing…');
    await eventually(() => expect(field(host, 'Name').value).toBe('Lamp'));
    expect(button(host, 'Save')!.disabled).toBe(true);
    await type(field(host, 'Name'), 'Lamps');
    expect(status(host)).toBe('Unsaved changes');
    await type(field(host, 'Name'), 'Lamp');
    expect(status(host)).toBe('All changes saved');
    await click(button(host, 'Add tag')!);
    await click(button(host, 'Save')!);
    await eventually(() => expect(server.stored().version).toBe(2));
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { name: 'Lamp', tags: ['a', 'new'], version: 1 },
    ]);
  });

  it('starts a clean form on the version a save returns', async () => {
    thingServer();
    const host = await mount(<ThingScreen />);
    await eventually(() => expect(field(host, 'Name').value).toBe('Lamp'));
    await type(field(host, 'Name'), 'Lantern');
    await click(button(host, 'Save')!);
    // The save's answer is stored as the new version, so the form starts again from it.
    await eventually(() => expect(status(host)).toBe('All changes saved'));
    expect(field(host, 'Name').value).toBe('Lantern');
  });

  it('shows a refusal’s messages at the fields and clears them on the next change', async () => {
    thingServer({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'Check the highlighted fields.',
          issues: [{ path: ['name'], message: 'Use at most 5 characters.' }],
        },
      },
    });
    const host = await mount(<ThingScreen />);
    await eventually(() => expect(field(host, 'Name').value).toBe('Lamp'));
    await type(field(host, 'Name'), 'Lantern');
    await click(button(host, 'Save')!);
    await eventually(() =>
      expect(host.querySelector('.error')?.textContent).toBe('Use at most 5 characters.'),
    );
    expect(status(host)).toMatch(/^Not saved/);
    expect(host.querySelector('[role="alert"]')).toBeNull();
    await type(field(host, 'Name'), 'Lamp!');
    expect(host.querySelector('.error')?.textContent).toBe('');
    expect(status(host)).toBe('Unsaved changes');
  });

  it('after a conflict keeps it on screen while the owner types, and a reload shows the other version', async () => {
    const server = thingServer({
      status: 409,
      body: { error: { code: 'STALE_VERSION', message: 'Someone else saved first.' } },
    });
    const host = await mount(<ThingScreen />);
    await eventually(() => expect(field(host, 'Name').value).toBe('Lamp'));
    await type(field(host, 'Name'), 'Lantern');
    await click(button(host, 'Save')!);
    await eventually(() => expect(host.querySelector('[role="alert"]')).not.toBeNull());
    await type(field(host, 'Name'), 'Lanterns');
    expect(host.querySelector('[role="alert"]')?.textContent).toContain(kitMessages.conflict);
    await click(button(host, kitMessages.reload)!);
    await eventually(() => expect(field(host, 'Name').value).toBe('Desk lamp'));
    expect(host.querySelector('[role="alert"]')).toBeNull();
    expect(server.stored().version).toBe(2);
  });

  it('says when it cannot load and loads on Try again', async () => {
    const server = thingServer(undefined, true);
    const host = await mount(<ThingScreen />);
    await eventually(() => expect(host.textContent).toContain(messages.somethingWentWrong));
    server.failNoMore();
    await click(button(host, kitMessages.tryAgain)!);
    await eventually(() => expect(field(host, 'Name').value).toBe('Lamp'));
    expect(server.calls.filter((c) => c.url === '/api/thing').length).toBe(2);
  });
});
