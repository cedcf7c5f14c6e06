import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/**
 * A QR code of `text` as an SVG of dark squares on white, `size` pixels wide, with a quiet zone of
 * four modules: plain SVG, drawn by either kit (the staff's account page, the family's).
 */
export function QrCode({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const { count, path } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text);
    code.make();
    const modules = code.getModuleCount();
    const squares: string[] = [];
    for (let row = 0; row < modules; row += 1)
      for (let column = 0; column < modules; column += 1) if (code.isDark(row, column)) squares.push(`M${column + 4} ${row + 4}h1v1h-1z`);
    return { count: modules + 8, path: squares.join('') };
  }, [text]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${count} ${count}`} shapeRendering="crispEdges">
      <rect width={count} height={count} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
