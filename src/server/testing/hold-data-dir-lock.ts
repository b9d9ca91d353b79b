// Test helper process: takes the data-dir lock of argv[2], prints "locked", then waits to be killed.
import { lockDataDir } from '../process/data-dir-lock';

const result = lockDataDir(process.argv[2] ?? '.');
process.stdout.write(result.ok ? 'locked\n' : 'busy\n');
setInterval(() => {}, 60_000);
