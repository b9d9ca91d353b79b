// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type PriceDraft, priceDraftsOf, pricesOfDrafts } from './price-drafts';
import { PricesSection } from './prices-section';

afterEach(cleanup);

let latest: ReturnType<typeof pricesOfDrafts> | undefined;

/** The section as the dialog holds it: drafts in state, checked on every change. */
function Harness({ initial }: { initial: PriceDraft[] }) {
  const [drafts, setDrafts] = useState(initial);
  latest = pricesOfDrafts(drafts);
  return <PricesSection drafts={drafts} onChange={setDrafts} errors={latest.ok ? {} : latest.errors} />;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PricesSection', () => {
  it('adds a row, takes a model and four prices, and gives the prices to save', () => {
    render(<Harness initial={[]} />);
    fireEvent.click(screen.getByRole('button', { name: /Add a price/ }));
    type('Model of price 1', ' local-coder ');
    type('Input of price 1', '1');
    type('Cached input of price 1', '0.1');
    type('Cache write of price 1', '1.25');
    type('Output of price 1', '4');
    expect(latest).toEqual({
      ok: true,
      prices: { 'local-coder': { input: 1, cached_input: 0.1, cache_write: 1.25, output: 4 } },
    });
  });

  it('says what to fix for a negative, missing or infinite price and a model named twice', () => {
    const row = { model: 'm', input: '1', cached_input: '0', cache_write: '0', output: '1' };
    render(<Harness initial={[{ ...row, output: '-1' }]} />);
    expect(screen.getByText(/Output must be a number of at least 0/)).toBeTruthy();
    type('Output of price 1', '1e400');
    expect(latest?.ok).toBe(false);
    type('Output of price 1', '2');
    expect(latest?.ok).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Add a price/ }));
    expect(screen.getByText('Name the model.')).toBeTruthy();
    type('Model of price 2', 'm');
    type('Input of price 2', '1');
    type('Cached input of price 2', '1');
    type('Cache write of price 2', '1');
    type('Output of price 2', '1');
    expect(screen.getByText('m is priced twice.')).toBeTruthy();
  });

  it('removes a row', () => {
    const saved = priceDraftsOf({
      a: { input: 1, cached_input: 0, cache_write: 0, output: 1 },
      b: { input: 2, cached_input: 0, cache_write: 0, output: 2 },
    });
    render(<Harness initial={saved} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove price 1' }));
    expect(screen.getAllByTestId('price-row')).toHaveLength(1);
    expect(latest).toEqual({
      ok: true,
      prices: { b: { input: 2, cached_input: 0, cache_write: 0, output: 2 } },
    });
  });
});
