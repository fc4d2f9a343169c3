import type { WorkspaceView } from '@shared/contract';
import { activate, useWorkspaceList } from '../state/workspace-store';
import { useTheme } from '../state/theme';
import { CopyButton } from '../components/CopyButton';
import { KeyChip } from '../components/vault/KeyChip';
import { GuardMeter } from '../components/actions/GuardMeter';
import { UnsettledNotice } from '../components/actions/UnsettledNotice';
import { AlertBell, type AlertCentreState } from '../features/risk/AlertCentre';

/** `name — environment — 8-char org id…`; the full values are the option's title. */
function optionLabel(w: WorkspaceView): string {
  const org = w.organizationId.length > 8 ? `${w.organizationId.slice(0, 8)}…` : w.organizationId;
  return `${w.name} — ${w.environment} — ${org}`;
}

function fullLabel(w: WorkspaceView): string {
  return `${w.name} — ${w.environment} — organization ${w.organizationId}`;
}

const THEME_LABEL = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' } as const;

export function TopBar({ workspace, alerts }: { workspace: WorkspaceView; alerts: AlertCentreState }) {
  const list = useWorkspaceList();
  const theme = useTheme();
  return (
    <header className="topbar">
      <span className="brand">Copper Operator</span>
      <label className="ws-switch">
        <span className="sr-only">Workspace</span>
        <select
          data-testid="workspace-switcher"
          value={workspace.id}
          title={`Switch workspace (now: ${fullLabel(workspace)})`}
          onChange={(e) => void activate(e.target.value)}
        >
          {list.map((w) => (
            <option key={w.id} value={w.id} title={fullLabel(w)}>
              {optionLabel(w)}
            </option>
          ))}
        </select>
      </label>
      <span className={`env-pill env-${workspace.environment}`} data-testid="workspace-environment">
        {workspace.environment.toUpperCase()}
      </span>
      <span className="topbar-field topbar-org" title={`Organization id ${workspace.organizationId}`}>
        <span className="muted">Org</span>
        <span className="mono ellipsis" data-testid="workspace-organization">
          {workspace.organizationId}
        </span>
        <CopyButton text={workspace.organizationId} label="Copy organization id" />
      </span>
      <span className="topbar-field muted" data-testid="workspace-name" title={workspace.baseUrl}>
        {workspace.name}
      </span>
      <KeyChip workspace={workspace} />
      <span className="topbar-spacer" />
      <AlertBell workspaceId={workspace.id} state={alerts} />
      <UnsettledNotice />
      <GuardMeter workspaceId={workspace.id} />
      <button
        type="button"
        className="btn small ghost"
        data-testid="theme-toggle"
        onClick={theme.cycle}
        title="Cycle theme"
      >
        {THEME_LABEL[theme.choice]}
      </button>
    </header>
  );
}
