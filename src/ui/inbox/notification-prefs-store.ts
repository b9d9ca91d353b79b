import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AttentionKind } from './attention-items';

/** The groups a person switches notifications for; a failed automation run counts as "failed". */
export type NotificationGroup = 'approval' | 'finished' | 'failed' | 'stuck' | 'paused';

export const NOTIFICATION_GROUP_OF: Record<AttentionKind, NotificationGroup> = {
  approval: 'approval',
  finished: 'finished',
  failed: 'failed',
  run_failed: 'failed',
  stuck: 'stuck',
  paused: 'paused',
};

interface NotificationPrefs {
  /** Off until the person turns it on (the browser's permission is asked then, once). */
  enabled: boolean;
  groups: Record<NotificationGroup, boolean>;
  sound: boolean;
  setEnabled(enabled: boolean): void;
  setGroup(group: NotificationGroup, on: boolean): void;
  setSound(sound: boolean): void;
}

/** Browser notification choices, per browser (localStorage): off by default, every kind on once enabled. */
export const useNotificationPrefs = create<NotificationPrefs>()(
  persist(
    (set) => ({
      enabled: false,
      groups: { approval: true, finished: true, failed: true, stuck: true, paused: true },
      sound: false,
      setEnabled: (enabled) => set({ enabled }),
      setGroup: (group, on) => set((state) => ({ groups: { ...state.groups, [group]: on } })),
      setSound: (sound) => set({ sound }),
    }),
    { name: 'awb.notifications', storage: createJSONStorage(() => localStorage) },
  ),
);
