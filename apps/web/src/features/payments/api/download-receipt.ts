import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** `GET api/my-account/orders/{uuid}/receipt`: the PDF as base64 `contents` and a file `name`. */
export async function getReceipt(uuid: string): Promise<{ contents: string; name: string }> {
  return (
    await api.get<{ data: { contents: string; name: string } }>(`api/my-account/orders/${uuid}/receipt`)
  ).data;
}

/** Saves the receipt as a file: the PDF bytes behind an object URL, clicked as a download link. */
export async function downloadReceipt(uuid: string): Promise<void> {
  const receipt = await getReceipt(uuid);
  const binary = atob(receipt.contents);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = receipt.name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadReceipt() {
  return useMutation({ mutationFn: downloadReceipt });
}
