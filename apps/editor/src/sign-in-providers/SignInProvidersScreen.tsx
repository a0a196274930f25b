import { mayDo } from '@site/page-content';
import { SignInProvidersPanel, type SignInProviderField, type SignInProviderSaveError } from '@site/ui';
import { ApiError } from '../api/http';
import { useMe } from '../api/session';
import { testSignInProvider, useChangeSignInProviders, useSignInProviders } from '../api/sign-in-providers';

const FIELDS: readonly SignInProviderField[] = ['name', 'issuer', 'clientId', 'clientSecret'];

/** The server's refusal as the panel shows it: each named field's message beside that field. */
function saveErrorOf(error: unknown): SignInProviderSaveError | undefined {
  if (!error) return undefined;
  const fields: SignInProviderSaveError['fields'] = {};
  if (error instanceof ApiError)
    for (const issue of error.issues) {
      const field = issue.path[0] as SignInProviderField;
      if (FIELDS.includes(field)) fields[field] ??= issue.message;
    }
  return { message: (error as Error).message, fields };
}

/**
 * /config/member-sign-in (Settings › Member sign-in): the OpenID Connect providers members can
 * sign in with ("Sign in with another account"), over the editor's data layer.
 */
export function SignInProvidersScreen() {
  const me = useMe().data;
  const list = useSignInProviders();
  const change = useChangeSignInProviders();
  const readOnly = !mayDo(me?.roles ?? [], 'change-settings');
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Member sign-in</h1>
      </header>
      <SignInProvidersPanel
        settings={list.data}
        isLoading={list.isPending}
        loadError={list.error?.message}
        isReadOnly={readOnly}
        isPending={change.isPending}
        saveError={
          change.variables?.kind === 'add' || change.variables?.kind === 'update'
            ? saveErrorOf(change.error)
            : undefined
        }
        onSave={(draft, id) =>
          change.mutateAsync(id ? { kind: 'update', id, input: draft } : { kind: 'add', input: draft })
        }
        onRemove={(id) => change.mutate({ kind: 'remove', id })}
        onSetEnabled={(id, enabled) => change.mutate({ kind: 'enabled', id, enabled })}
        onTest={testSignInProvider}
      />
      {change.error && (change.variables?.kind === 'remove' || change.variables?.kind === 'enabled') && (
        <p role="alert" className="ed-field__error">
          {change.error.message}
        </p>
      )}
    </div>
  );
}
