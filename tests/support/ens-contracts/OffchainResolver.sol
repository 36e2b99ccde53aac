// An EIP-3668 offchain resolver in the manner of ensdomains/offchain-resolver, written for the
// solc 0.4 that the other test contracts use: resolve() reverts with OffchainLookup pointing at
// one gateway URL; resolveWithProof() accepts the gateway's answer only when it is signed by one
// of the signers and not expired. The hash signed is ensdomains' own:
// keccak256(0x1900 || resolver || uint64 expires || keccak256(callData) || keccak256(result)).
pragma solidity ^0.4.24;
pragma experimental ABIEncoderV2;

contract OffchainResolver {
  string public url;
  mapping(address => bool) public signers;

  constructor(string _url, address[] _signers) public {
    url = _url;
    for (uint i = 0; i < _signers.length; i++) signers[_signers[i]] = true;
  }

  function supportsInterface(bytes4 id) public pure returns (bool) {
    return id == 0x01ffc9a7 || id == 0x9061b923;
  }

  function resolve(bytes name, bytes data) external view returns (bytes) {
    bytes memory callData = abi.encodeWithSelector(0x9061b923, name, data);
    string[] memory urls = new string[](1);
    urls[0] = url;
    bytes memory lookup = abi.encodeWithSelector(
      bytes4(keccak256("OffchainLookup(address,string[],bytes,bytes4,bytes)")),
      address(this),
      urls,
      callData,
      bytes4(keccak256("resolveWithProof(bytes,bytes)")),
      abi.encode(callData, address(this))
    );
    assembly { revert(add(lookup, 32), mload(lookup)) }
  }

  // EIP-3668 callback: `response` is abi.encode(bytes result, uint64 expires, bytes sig) from the
  // gateway, `extraData` is abi.encode(bytes callData, address sender) from resolve().
  function resolveWithProof(bytes response, bytes extraData) external view returns (bytes) {
    bytes memory answer = response;
    bytes memory result = bytesAt(answer, wordAt(answer, 0));
    uint256 expires = wordAt(answer, 32);
    require(expires >= block.timestamp, "SignatureVerifier: Signature expired");
    address signer = recover(signatureHash(extraData, expires, result), bytesAt(answer, wordAt(answer, 64)));
    require(signer != address(0) && signers[signer], "SignatureVerifier: Invalid signature");
    return result;
  }

  function signatureHash(bytes memory request, uint256 expires, bytes memory result) internal pure returns (bytes32) {
    bytes memory callData = bytesAt(request, wordAt(request, 0));
    address sender = address(wordAt(request, 32));
    return keccak256(abi.encodePacked(hex"1900", sender, uint64(expires), keccak256(callData), keccak256(result)));
  }

  function recover(bytes32 hash, bytes memory sig) internal pure returns (address) {
    require(sig.length == 65, "SignatureVerifier: Invalid signature length");
    bytes32 r;
    bytes32 s;
    uint8 v;
    assembly {
      r := mload(add(sig, 32))
      s := mload(add(sig, 64))
      v := byte(0, mload(add(sig, 96)))
    }
    if (v < 27) v += 27;
    return ecrecover(hash, v, r, s);
  }

  function wordAt(bytes memory data, uint256 offset) internal pure returns (uint256 word) {
    require(offset + 32 <= data.length, "malformed response");
    assembly { word := mload(add(add(data, 32), offset)) }
  }

  // A view of the ABI-encoded `bytes` at `offset` in place: its length word followed by its
  // contents is already the memory layout of `bytes`, so nothing is copied.
  function bytesAt(bytes memory data, uint256 offset) internal pure returns (bytes memory out) {
    uint256 length = wordAt(data, offset);
    require(offset + 32 + length <= data.length, "malformed response");
    assembly { out := add(add(data, 32), offset) }
  }
}
