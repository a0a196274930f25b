/** Entry of the `site-template` command (bin/site-template.mjs imports the built file). */
import { main } from './cli/main';

process.exitCode = main(process.argv.slice(2));
