-- The quick order finds a pasted code in any case and with or without Turkish letters, over every
-- product (variants too), and a unit by its own barcode.

CREATE INDEX "product_units_barcode_idx" ON "product_units" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "products_code_folded_idx" ON "products" USING btree (lower(translate("code", 'ŞşİIıĞğÇçÖöÜüÂâÎîÛû', 'ssiiiggccoouuaaiiuu')));