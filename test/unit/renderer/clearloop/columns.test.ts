/** ClearLoop's columns under null fields and values that are not text (issue 25). */
import { describe, it } from 'vitest';
import { columns } from '../../../../src/renderer/src/features/clearloop/columns';
import { renderColumns } from '../hostile/hostile-rows';
import { sampleClearLoop } from '../hostile/samples';

describe('ClearLoop columns', () => {
  it('render and sort every variant of an action', () => renderColumns(columns, sampleClearLoop));
});
