// The ceiling: the smallest useful Fastify app on the same machine and Node version, run in its own
// process so it does not share an event loop with autocannon (which would lower the ceiling and
// flatter the ratio). It tells the parent its port over the IPC channel.
//
// With BENCH_DB_URL it also answers /bare-db with one trivial PostgreSQL query (the same driver
// and pool size as the API): the most any route that reads the database at all can reach here,
// which puts the GET cart / bare ratio in proportion.
import Fastify from 'fastify';
import postgres from 'postgres';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
const sql = process.env.BENCH_DB_URL
  ? postgres(process.env.BENCH_DB_URL, { max: 10, onnotice: () => {} })
  : undefined;
if (sql) {
  app.get('/bare-db', async () => {
    const [row] = await sql`select true as ok`;
    return { ok: row.ok };
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: app.server.address().port });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => sql?.end({ timeout: 1 }))
      .then(() => process.exit(0)),
);
