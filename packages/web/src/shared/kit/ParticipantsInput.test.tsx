import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { organisationKeys } from '@/shared/organisation/queries';
import { ParticipantsInput } from './ParticipantsInput';

function renderInput(value: string[]) {
  const client = new QueryClient();
  client.setQueryData(organisationKeys.participants, [
    { id: 2, name: 'Zoé Martin' },
    { id: 1, name: 'Albert Roux' },
  ] as never);
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <ParticipantsInput label="People heard" value={value} onChange={onChange} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onChange;
}

const field = () => screen.getByLabelText('People heard', { selector: 'input:not([type=hidden])' });

describe('ParticipantsInput', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the chosen participants by name and adds one by its id', async () => {
    const onChange = renderInput(['2']);
    // The chosen one is a pill of the input (and an option of its list).
    expect(document.querySelector('.mantine-Pill-label')).toHaveTextContent('Zoé Martin');
    await userEvent.type(field(), 'Alb');
    await userEvent.click(await screen.findByRole('option', { name: 'Albert Roux', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith(['2', '1']);
  });

  it('says when no participant matches', async () => {
    renderInput([]);
    await userEvent.type(field(), 'Zzz');
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
  });
});
