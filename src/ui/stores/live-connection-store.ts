import { create } from 'zustand';

interface LiveConnection {
  /** True while the open conversation's socket has lost its connection and is retrying. */
  socketReconnecting: boolean;
  setSocketReconnecting(reconnecting: boolean): void;
}

/** Lets the header's indicator agree with the open conversation's socket, not only with /server_info. */
export const useLiveConnection = create<LiveConnection>()((set) => ({
  socketReconnecting: false,
  setSocketReconnecting: (socketReconnecting) => set({ socketReconnecting }),
}));
