import { useEffect, useState } from 'react';

type Health = { status: string; database: string } | { error: string } | undefined;

/** The editor shell; panels arrive with the editor issues. */
export function EditorApp() {
  const [health, setHealth] = useState<Health>();
  useEffect(() => {
    fetch('/api/health')
      .then((r) => r.json() as Promise<Health>)
      .then(setHealth)
      .catch(() => setHealth({ error: 'Unable to connect. Please try again' }));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem' }}>
      <h1>Site editor</h1>
      <p>
        <a href="/">View site</a>
      </p>
      <p role="status">
        {health === undefined
          ? 'Connecting…'
          : 'error' in health
            ? health.error
            : `Connected (${health.database})`}
      </p>
    </main>
  );
}
