/**
 * The risk watch's alerts in the renderer: kept (newest first, bounded) for the in-app notice, and
 * shown with the browser's Notification API when the main side could not raise a desktop one
 * (browser mode). Installed once per page, whichever view asks first.
 */
import { create } from 'zustand';
import type { RiskAlert } from '@shared/risk';
import { copper } from '../../lib/api';

const KEEP = 50;

interface RiskAlertState {
  alerts: RiskAlert[];
  dismiss(alert: RiskAlert): void;
  clear(workspaceId: string): void;
}

export const useRiskAlerts = create<RiskAlertState>()((set) => ({
  alerts: [],
  dismiss: (alert) => set((s) => ({ alerts: s.alerts.filter((a) => a !== alert) })),
  clear: (workspaceId) => set((s) => ({ alerts: s.alerts.filter((a) => a.workspaceId !== workspaceId) })),
}));

const changeListeners = new Set<(workspaceId: string) => void>();
let installed = false;

/** Subscribes to the watch's events; safe to call many times. */
export function installRiskAlerts(): void {
  if (installed) return;
  installed = true;
  copper().events.on('risk-alert', (alert) => {
    useRiskAlerts.setState((s) => ({ alerts: [alert, ...s.alerts].slice(0, KEEP) }));
    if (!alert.desktopNotified) showBrowserNotification(alert);
  });
  copper().events.on('risk-changed', ({ workspaceId }) => {
    for (const listener of changeListeners) listener(workspaceId);
  });
}

export function onRiskChanged(listener: (workspaceId: string) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function showBrowserNotification(alert: RiskAlert): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(alert.title, { body: alert.body, tag: `${alert.loanId}:${alert.kind}` });
  } catch {
    // Some browsers refuse page notifications outright; the in-app notice still shows it.
  }
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}
