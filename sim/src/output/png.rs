//! The PNG backend of the plots: plotters' bitmap backend with text laid
//! out glyph by glyph from each glyph's own outline box. Plotters 0.3.7
//! draws a glyph's outline at the pen position without the glyph's left
//! side bearing, so narrow glyphs ('1', '.') stand at the left of their
//! advance with a gap after them ("1 596" read as "1 5 9 6" beside grouped
//! thousands). SVG plots keep their text as text and are not affected.

use plotters::prelude::*;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};
use plotters_bitmap::BitMapBackendError;
use std::path::Path;
use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, ScaleFont};

/// The bundled font the plots register under their family name.
fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        FontRef::try_from_slice(dejavu::sans::regular()).expect("the bundled font parses")
    })
}

/// A PNG file being drawn.
pub struct PngBackend<'a>(BitMapBackend<'a>);

impl<'a> PngBackend<'a> {
    pub fn new(path: &'a Path, size: (u32, u32)) -> PngBackend<'a> {
        PngBackend(BitMapBackend::new(path, size))
    }
}

type Error = DrawingErrorKind<BitMapBackendError>;

impl DrawingBackend for PngBackend<'_> {
    type ErrorType = BitMapBackendError;

    fn get_size(&self) -> (u32, u32) {
        self.0.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), Error> {
        self.0.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), Error> {
        self.0.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), Error> {
        self.0.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), Error> {
        self.0.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        self.0.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), Error> {
        self.0.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        self.0.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), Error> {
        self.0.fill_polygon(vert, style)
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        (iw, ih): (u32, u32),
        src: &[u8],
    ) -> Result<(), Error> {
        self.0.blit_bitmap(pos, (iw, ih), src)
    }

    /// As plotters' own text drawing (the anchor from the layout box, then
    /// the rotation), with each glyph's outline placed where the font puts
    /// it: the pen position plus its left side bearing.
    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), Error> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        let ((min_x, min_y), (max_x, max_y)) = style
            .layout_box(text)
            .map_err(|e| DrawingErrorKind::FontError(Box::new(e)))?;
        let (width, height) = (max_x - min_x, max_y - min_y);
        let anchor = style.anchor();
        let dx = match anchor.h_pos {
            HPos::Left => 0,
            HPos::Right => -width,
            HPos::Center => -width / 2,
        };
        let dy = match anchor.v_pos {
            VPos::Top => 0,
            VPos::Center => -height / 2,
            VPos::Bottom => -height,
        };
        let transform = style.transform();
        let (w, h) = self.get_size();
        let size = style.size() as f32;
        let font = font().as_scaled(size);
        let mut pen = 0f32;
        let mut previous = None;
        for c in text.chars() {
            let id = font.glyph_id(c);
            if let Some(p) = previous {
                pen += font.kern(p, id);
            }
            previous = Some(id);
            if let Some(outline) = font.outline_glyph(id.with_scale(size)) {
                let bounds = outline.px_bounds();
                // Where plotters puts a glyph's top, so that lines of text
                // sit where its layout boxes say.
                let top = (size / 2.0 + bounds.min.y) as i32;
                let left = (pen + bounds.min.x).round() as i32;
                let mut pixels = Vec::new();
                outline.draw(|x, y, coverage| pixels.push((x, y, coverage)));
                for (x, y, coverage) in pixels {
                    let (x, y) = transform
                        .transform(x as i32 + left + dx - min_x, y as i32 + top + dy - min_y);
                    let (x, y) = (pos.0 + x, pos.1 + y);
                    if x >= 0 && x < w as i32 && y >= 0 && y < h as i32 {
                        self.draw_pixel((x, y), color.mix(coverage as f64))?;
                    }
                }
            }
            pen += font.h_advance(id);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each glyph's ink starts at the pen position plus its left side
    /// bearing as the font's metrics table gives it (to a pixel): "1" and
    /// "." have wide bearings, which plotters' own drawing leaves out.
    #[test]
    fn glyphs_stand_at_their_side_bearing() {
        crate::output::plots::load_font().unwrap();
        let (w, h, size) = (120u32, 40u32, 30.0);
        let mut pixels = vec![255u8; (w * h * 3) as usize];
        let text = "1.1";
        {
            let mut png = PngBackend(BitMapBackend::with_buffer(&mut pixels, (w, h)));
            let style = TextStyle::from((crate::output::plots::FONT, size)).color(&BLACK);
            png.draw_text(text, &style, (0, 0)).unwrap();
        }
        let inked = |x: u32| (0..h).any(|y| pixels[((y * w + x) * 3) as usize] < 128);
        // The first column of each run of inked columns.
        let starts: Vec<i32> = (0..w)
            .filter(|&x| inked(x) && (x == 0 || !inked(x - 1)))
            .map(|x| x as i32)
            .collect();
        let font = font().as_scaled(size as f32);
        let mut pen = 0f32;
        let mut expected = Vec::new();
        for c in text.chars() {
            let id = font.glyph_id(c);
            expected.push((pen + font.h_side_bearing(id)).round() as i32);
            pen += font.h_advance(id);
        }
        assert_eq!(starts.len(), expected.len(), "{starts:?}");
        for (got, want) in starts.iter().zip(&expected) {
            assert!(
                (got - want).abs() <= 1,
                "ink from {starts:?}, bearings at {expected:?}"
            );
        }
        assert!(
            expected[0] >= 2,
            "the test needs a wide bearing: {expected:?}"
        );
    }
}
