/** What a picture field says beside its address. */
export const PICTURE_HINT =
  "Upload a picture below, or give the address of one in the shop's media (/media/…)";

/**
 * The file input beside a picture field's address (`<name>File`): the form's action stores the
 * file and puts its address in the field (lib/admin-pictures.server.ts). The form must be sent
 * as multipart/form-data.
 */
export function PictureUpload({ id, name, label }: { id: string; name: string; label: string }) {
  return (
    <>
      <label htmlFor={`${id}-file`}>Upload a picture for “{label}”</label>
      <input
        id={`${id}-file`}
        name={`${name}File`}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
      />
    </>
  );
}
