import { describe, expect, it } from 'vitest';
import { parseListeningPorts } from './listening-ports';

const TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:223D 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1631370 1 0 100 0 0 10 0
   1: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1631371 1 0 100 0 0 10 0
   2: 0100007F:C350 0100007F:1F90 01 00000000:00000000 00:00000000 00000000     0        0 1631372 1 0 100 0 0 10 0
   3: 0100007F:223D 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1631373 1 0 100 0 0 10 0`;
const TCP6 = `  sl  local_address                         remote_address                        st tx_queue rx_queue
   0: 00000000000000000000000000000000:0BB8 00000000000000000000000000000000:0000 0A 00000000:00000000`;

describe('parseListeningPorts', () => {
  it('lists listening ports once each, ascending, and skips connected sockets', () => {
    expect(parseListeningPorts(TCP)).toEqual([8080, 8765]);
  });

  it('reads IPv6 lines the same way', () => {
    expect(parseListeningPorts(TCP6)).toEqual([3000]);
  });

  it('ignores text that is not a table', () => {
    expect(parseListeningPorts('header\ngarbage\n 0: zz:zz 0 0A')).toEqual([]);
  });
});
