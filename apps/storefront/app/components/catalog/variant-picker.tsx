import type { ProductDetail } from "@maidan/contracts/catalog";
import { Link } from "react-router";
import {
  type Choice,
  chooseColor,
  colorOptions,
  type Option,
  sizeOptions,
  stockLabel,
} from "../../lib/variant-choice";

type Props = {
  product: Pick<ProductDetail, "variants" | "colors">;
  choice: Choice;
  onChange: (choice: Choice) => void;
};

/**
 * Colour and size as radio groups; each option shows its stock ("Only 2 left", "Sold out") and
 * a sold-out option cannot be chosen.
 */
export function VariantPicker({ product, choice, onChange }: Props) {
  const colors = colorOptions(product.variants);
  const sizes = sizeOptions(product.variants, choice.color);
  const hex = (name: string) => product.colors.find((c) => c.name === name)?.hex ?? null;
  return (
    <div className="variant-picker">
      {colors.length > 0 && (
        <OptionGroup
          legend="Colour"
          name="color"
          options={colors}
          selected={choice.color}
          swatch={hex}
          onSelect={(color) => onChange(chooseColor(product.variants, choice, color))}
        />
      )}
      {sizes.length > 0 && (
        <OptionGroup
          legend="Size"
          name="size"
          options={sizes}
          selected={choice.size}
          onSelect={(size) => onChange({ ...choice, size })}
        />
      )}
      {sizes.length > 0 && (
        <Link to="/size-guide" className="size-guide-link">
          Size guide
        </Link>
      )}
    </div>
  );
}

function OptionGroup(props: {
  legend: string;
  name: string;
  options: Option[];
  selected: string | null;
  swatch?: (value: string) => string | null;
  onSelect: (value: string) => void;
}) {
  return (
    <fieldset className="option-group">
      <legend>
        {props.legend}
        {props.selected && <span className="option-group__current">: {props.selected}</span>}
      </legend>
      <div className="option-group__options">
        {props.options.map((option) => {
          const label = stockLabel(option.stock);
          const color = props.swatch?.(option.value);
          return (
            <label
              key={option.value}
              className={`option${option.stock <= 0 ? " option--sold-out" : ""}`}
              data-stock={option.stock}
            >
              <input
                type="radio"
                name={props.name}
                value={option.value}
                checked={props.selected === option.value}
                disabled={option.stock <= 0}
                onChange={() => props.onSelect(option.value)}
              />
              {color && (
                <span className="option__swatch" style={{ background: color }} aria-hidden="true" />
              )}
              <span className="option__value">{option.value}</span>
              {label && <span className="option__stock">{label}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
