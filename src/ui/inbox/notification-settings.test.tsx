// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationSettings } from './notification-settings';
import { useNotificationPrefs } from './notification-prefs-store';

/** jsdom has no Notification: a stand-in with the browser's answer to the one permission request. */
function browserThatAnswers(answer: NotificationPermission) {
  const stand = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => {
      stand.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', stand);
  return stand;
}

beforeEach(() => {
  localStorage.clear();
  useNotificationPrefs.setState({ enabled: false, sound: false });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationSettings', () => {
  it('is off by default and asks the browser once, when the person turns it on', async () => {
    const browser = browserThatAnswers('granted');
    render(<NotificationSettings />);
    const enable = screen.getByTestId('notifications-enabled') as HTMLInputElement;
    expect(enable.checked).toBe(false);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(enable));
    expect(enable.checked).toBe(true);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('notifications-blocked')).toBeNull();
    await act(async () => fireEvent.click(enable));
    await act(async () => fireEvent.click(enable));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('says why none will show when the browser blocks them, and the kinds keep their switches', async () => {
    browserThatAnswers('denied');
    render(<NotificationSettings />);
    await act(async () => fireEvent.click(screen.getByTestId('notifications-enabled')));
    expect(screen.getByTestId('notifications-blocked').textContent).toContain('blocks notifications');
    fireEvent.click(screen.getByRole('checkbox', { name: 'A run finished' }));
    expect(useNotificationPrefs.getState().groups.finished).toBe(false);
    expect(JSON.parse(localStorage.getItem('awb.notifications') ?? '{}').state.groups.finished).toBe(false);
  });
});
