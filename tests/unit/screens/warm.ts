/**
 * The admin app loads its shell, a page's form/list/record blocks and the modal when first drawn
 * (issue 27 item 1). Under vitest each such import is transformed on first use, which can take
 * seconds on a busy machine and is no part of what a screen test asserts: a file that renders
 * them loads them once before its tests (`beforeAll(warmAdminChunks)`), so its waits measure
 * the screen, not the transform.
 */
export async function warmAdminChunks(): Promise<void> {
  await Promise.all([
    import('../../../screens/shell/Shell'),
    import('../../../screens/runner/PageScreen'),
    import('../../../screens/runner/FormBlock'),
    import('../../../screens/runner/FormScreen'),
    import('../../../screens/runner/LightForm'),
    import('../../../screens/runner/ListScreen'),
    import('../../../screens/runner/RecordScreen'),
    import('../../../screens/shared/DialogFrameAria'),
  ]);
}
