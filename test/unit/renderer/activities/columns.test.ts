/** Activities' columns under nulls and numbers (issue 25). */
import { describe, it } from 'vitest';
import { ACTIVITY_COLUMNS } from '../../../../src/renderer/src/features/activities/columns';
import type { Activity } from '../../../../src/shared/platform/resources';
import { renderColumns } from '../hostile/hostile-rows';
import { sampleActivity } from '../hostile/samples';

describe('activity columns', () => {
  it('render and sort every variant of an activity', () =>
    renderColumns(ACTIVITY_COLUMNS, sampleActivity as unknown as Activity));
});
