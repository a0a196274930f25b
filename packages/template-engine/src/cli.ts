/** Entry of the `site-template` command (bin/site-template.mjs imports the built file). */
import { devCommand } from './cli/dev';
import { main } from './cli/main';

const argv = process.argv.slice(2);
if (argv[0] === 'dev') {
  const io = { out: (t: string) => process.stdout.write(t), err: (t: string) => process.stderr.write(t) };
  void devCommand(argv.slice(1), io).then(({ code, server }) => {
    if (!server) process.exitCode = code;
    else process.once('SIGINT', () => void server.close().then(() => process.exit(0)));
  });
} else {
  process.exitCode = main(argv);
}
