/** The address book's columns and detail under null fields, objects and list entries (issue 25). */
import { createElement } from 'react';
import { describe, it } from 'vitest';
import { columns } from '../../../../src/renderer/src/features/address-book/columns';
import { AddressDetail } from '../../../../src/renderer/src/features/address-book/AddressDetail';
import { findAddresses } from '../../../../src/renderer/src/features/address-book/search';
import { eachVariant, hostileVariants, html, renderColumns } from '../hostile/hostile-rows';
import { sampleAddress } from '../hostile/samples';

describe('address book', () => {
  it('columns render and sort every variant of an address', () => renderColumns(columns, sampleAddress));

  it('the detail renders every variant of an address', () => {
    eachVariant(sampleAddress, (address) =>
      html(createElement(AddressDetail, { address, onClose: () => {} })),
    );
  });

  it('"find in loaded" reads every variant', () => {
    findAddresses(
      hostileVariants(sampleAddress).map((v) => v.row),
      'a',
    );
  });
});
