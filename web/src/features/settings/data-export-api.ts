// The download link needs the path as it renders: the one module that loads a contract with its own code.
import { dataExportEndpoints as dataExportContract } from '@hearsay/contracts/data-export';
import { endpointUrl } from '@hearsay/contracts/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../shared/lib/api-client.ts';
import { dataExportEndpoints } from '../../shared/lib/endpoints.ts';

/** Your latest export of your data, while it is gathered and once it is ready. */
export const latestExportOptions = endpointQuery(dataExportEndpoints.latest, {});

/** Asks for an export; the answer is the export being gathered. */
export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(dataExportEndpoints.start, {}),
    onSuccess: (started) => queryClient.setQueryData(latestExportOptions.queryKey, { export: started }),
  });
}

/** Where a finished export downloads from. */
export const exportDownloadUrl = (exportId: string) => endpointUrl(dataExportContract.download, { params: { exportId } });
